import { describe, expect, it } from "vitest";
import { areasOutside } from "./geometry";
import type { BlockProperties, DragDropProperties } from "@/server/schemas/question/properties";
import { docFromProperties, propertiesFromDoc } from "./properties";
import { run } from "./test-helpers";
import { initialState } from "./types";

const size = { width: 640, height: 480 };

describe("properties ↔ doc", () => {
  it("round-trips a drag & drop question unchanged", () => {
    const props: DragDropProperties = {
      image: "/media/" + "a".repeat(64) + ".png",
      areas: [
        { id: "targ-1", x: 10, y: 20, width: 100, height: 40, type: 1 },
        { id: "drag-3", x: 300, y: 20, width: 100, height: 40, type: 2 },
      ],
      options: { FixedHeight: false, FixedWidth: true, OneToOneMatching: true },
      match: { "targ-1": "drag-3" },
      points: { "targ-1": { "drag-3": 2 } },
    };
    expect(propertiesFromDoc(docFromProperties(3, props, size))).toEqual(props);
  });

  it("round-trips a hot-area question unchanged, false marks included", () => {
    const props: BlockProperties = {
      image: "/media/" + "b".repeat(64) + ".jpg",
      areas: [
        { id: "block-1", x: 0, y: 0, width: 30, height: 15 },
        { id: "block-2", x: 50, y: 50, width: 60, height: 30 },
      ],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": false, "block-2": true },
    };
    expect(propertiesFromDoc(docFromProperties(5, props, size))).toEqual(props);
  });

  it("edits made in the editor come out as API properties", () => {
    const doc = docFromProperties(4, { image: "shot.png", areas: [] }, size);
    const s = run(
      initialState(doc),
      { type: "add", rect: { x: 5, y: 6, width: 40, height: 20 } },
      { type: "toggleCorrect", id: "block-1" },
      { type: "setPoints", id: "block-1", points: 3 },
    );
    expect(propertiesFromDoc(s.doc)).toEqual({
      image: "shot.png",
      areas: [{ id: "block-1", x: 5, y: 6, width: 40, height: 20 }],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
      correct: { "block-1": true },
      points: { "block-1": 3 },
    });
  });

  it("points out areas that a smaller replacement image would cut", () => {
    const doc = docFromProperties(
      4,
      {
        image: "a.png",
        areas: [
          { id: "block-1", x: 0, y: 0, width: 50, height: 50 },
          { id: "block-2", x: 500, y: 400, width: 100, height: 50 },
        ],
      },
      size,
    );
    const s = run(initialState(doc), { type: "replaceImage", image: { src: "b.png", width: 320, height: 240 } });
    expect(areasOutside(s.doc.areas, s.doc.image)).toEqual(["block-2"]);
  });
});
