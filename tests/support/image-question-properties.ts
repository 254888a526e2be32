// Valid properties of the image question types, on an image of a given size: drag & drop (type 3)
// with two targets and two draggables, and areas (types 4 and 5) at the smallest size, touching
// the image's edges and with the highest id number. Shared by the image question tests and the
// fuzz test's seeds; `image` is whatever the caller names the image with.

export const dragDropProperties = <I>(image: I) => ({
  image,
  areas: [
    { id: "targ-1", x: 10, y: 10, width: 100, height: 40, type: 1 },
    { id: "targ-2", x: 10, y: 60, width: 100, height: 40, type: 1 },
    { id: "drag-1", x: 200, y: 10, width: 100, height: 40, type: 2 },
    { id: "drag-2", x: 200, y: 60, width: 100, height: 40, type: 2 },
  ],
  options: { FixedHeight: true, FixedWidth: true, OneToOneMatching: true },
  match: { "targ-1": "drag-2", "targ-2": "drag-1" },
  points: { "targ-1": { "drag-2": 2, "drag-1": -1 }, "targ-2": { "drag-1": 1 } },
});

export const blockProperties = <I>(image: I, size: { width: number; height: number }) => ({
  image,
  areas: [
    // The smallest allowed area, in the top-left corner ...
    { id: "block-1", x: 0, y: 0, width: 30, height: 15 },
    // ... touching the right and bottom edges exactly ...
    { id: "block-2", x: size.width - 30, y: size.height - 15, width: 30, height: 15 },
    // ... and the highest id number.
    { id: "block-999", x: 100, y: 100, width: 120, height: 80 },
  ],
  options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
  correct: { "block-1": true, "block-2": false, "block-999": true },
  points: { "block-1": 3, "block-999": -1 },
});
