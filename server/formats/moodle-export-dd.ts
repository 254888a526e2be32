// Writing the image questions as Moodle XML: Point & Shoot (4) and Hot Area (5) as ddmarker, Drag
// & Drop (3) as ddimageortext. Pure.
//
// ddmarker has zones where a marker belongs and nothing else: the right areas become rectangle
// drop zones for one marker "X" that may be dropped as often as there are zones; areas that are
// not right are left out (noted). A Hot Area question is written the same way, Moodle having no
// hot-area type: imported back it is Point & Shoot.
// ddimageortext holds each drag item as an image of its own: each draggable area is cut out of
// the image (raster.ts cropImage) into a PNG; each target with a match is a drop zone at the
// target's corner taking that item (Moodle sizes a drop zone by its item). The image itself is
// written as it is, draggables and all.
import { AREA_TYPE, QUESTION_TYPE, type BlockArea, type DragDropArea } from "../schemas/question";
import { commonElements, type QuestionWriter, type Written } from "./moodle-write";
import { fileElement } from "./moodle-html";
import { cropImage, decodeImage, encodePng } from "./raster";
import { xmlElement, xmlText } from "./xml-write";

/** The stored image's bytes and its file name, or a note saying why the question is omitted. */
function imageOf(w: QuestionWriter): { name: string; bytes: Uint8Array } | string {
  const path = typeof w.q.properties.image === "string" ? w.q.properties.image : "";
  const bytes = w.out.media.get(path);
  if (!bytes)
    return `its image ${path || "(none)"} is missing from the media store, and a Moodle image question cannot be written without it`;
  return { name: path.replace(/^.*\//, ""), bytes };
}

export function exportDdMarker(w: QuestionWriter): Written {
  const q = w.q;
  const image = imageOf(w);
  if (typeof image === "string") return { xml: null, notes: [image] };
  const areas = (Array.isArray(q.properties.areas) ? q.properties.areas : []) as BlockArea[];
  const correct = (q.properties.correct ?? {}) as Record<string, boolean>;
  const right = areas.filter((a) => correct[a.id] === true);
  if (right.length === 0)
    return {
      xml: null,
      notes: ["no area is right, and a Moodle ddmarker question needs a zone where a marker belongs"],
    };

  if (q.type === QUESTION_TYPE.hotArea)
    w.notes.push(
      "Moodle has no hot-area type: it is written as a ddmarker question (drop markers on the right areas), and imported back it is a Point & Shoot question (type 4)",
    );
  const others = areas.length - right.length;
  if (others > 0)
    w.notes.push(
      `its ${others} area${others > 1 ? "s" : ""} that ${others > 1 ? "are" : "is"} not right ${others > 1 ? "are" : "is"} left out: a ddmarker question has only zones where a marker belongs`,
    );
  const points = q.properties.points as Record<string, number> | undefined;
  if (points && Object.keys(points).length > 0)
    w.notes.push("its areas' points are not in Moodle XML, which grades a question by its default grade only");
  const options = (q.properties.options ?? {}) as Record<string, boolean>;
  const renumbered = right.some((a, k) => a.id !== `block-${k + 1}`);
  if (renumbered)
    w.notes.push(
      `imported back its areas are numbered block-1 to block-${right.length} (now ${right.map((a) => a.id).join(", ")})`,
    );
  if (options.FixedWidth || options.FixedHeight || options.SingleAnswer !== (right.length === 1)) {
    w.notes.push(
      `its options (FixedWidth, FixedHeight, SingleAnswer) are not in Moodle XML: imported back they are false, false and ${right.length === 1}`,
    );
  }

  const drops = right.map((a, k) =>
    xmlElement(
      "drop",
      {},
      xmlElement("no", {}, String(k + 1)),
      xmlElement("shape", {}, "rectangle"),
      xmlElement("coords", {}, `${a.x},${a.y};${a.width},${a.height}`),
      xmlElement("choice", {}, "1"),
    ),
  );
  const xml = xmlElement(
    "question",
    { type: "ddmarker" },
    ...commonElements(w),
    xmlElement("shuffleanswers", {}, "false"),
    fileElement(image.name, image.bytes, w.out),
    xmlElement(
      "drag",
      {},
      xmlElement("no", {}, "1"),
      xmlElement("text", {}, "X"),
      xmlElement("noofdrags", {}, String(right.length)),
    ),
    ...drops,
  );
  return { xml, notes: w.notes };
}

export function exportDdImageOrText(w: QuestionWriter): Written {
  const q = w.q;
  const image = imageOf(w);
  if (typeof image === "string") return { xml: null, notes: [image] };
  const decoded = decodeImage(image.bytes);
  if (!decoded.ok)
    return {
      xml: null,
      notes: [`its image ${decoded.message}, so its draggables cannot be cut out into Moodle's drag item images`],
    };
  const areas = (Array.isArray(q.properties.areas) ? q.properties.areas : []) as DragDropArea[];
  const match = (q.properties.match ?? {}) as Record<string, string>;
  const draggables = areas.filter((a) => a.type === AREA_TYPE.draggable);
  const targets = areas.filter((a) => a.type === AREA_TYPE.target && draggables.some((d) => d.id === match[a.id]));
  if (targets.length === 0)
    return {
      xml: null,
      notes: [
        "no target has a draggable that belongs on it, and a Moodle ddimageortext question needs a drop zone with its item",
      ],
    };

  w.notes.push(
    "Moodle holds each drag item as an image of its own: its draggables are cut out of its image into PNG drag items, and the image is written as it is (the draggables still show on it); imported back the drag items are drawn in a tray below the image, so the image and its areas differ",
  );
  const unmatched = areas.filter((a) => a.type === AREA_TYPE.target).length - targets.length;
  if (unmatched > 0)
    w.notes.push(
      `its ${unmatched} target${unmatched > 1 ? "s" : ""} without a draggable ${unmatched > 1 ? "are" : "is"} left out: a Moodle drop zone takes an item`,
    );
  if (q.properties.points && Object.keys(q.properties.points as object).length > 0)
    w.notes.push("its matches' points are not in Moodle XML, which grades a question by its default grade only");
  const resized = targets.filter((t) => {
    const d = draggables.find((a) => a.id === match[t.id])!;
    return d.width !== t.width || d.height !== t.height;
  });
  if (resized.length > 0)
    w.notes.push(
      `Moodle sizes a drop zone by its drag item: ${resized.map((t) => t.id).join(", ")} take${resized.length === 1 ? "s" : ""} the size of ${resized.length === 1 ? "its draggable" : "their draggables"}`,
    );

  const uses = new Map<string, number>();
  for (const t of targets) uses.set(match[t.id]!, (uses.get(match[t.id]!) ?? 0) + 1);
  const drags = draggables.map((d, k) =>
    xmlElement(
      "drag",
      {},
      xmlElement("no", {}, String(k + 1)),
      xmlElement("text", {}, xmlText(d.id)),
      xmlElement("draggroup", {}, "1"),
      (uses.get(d.id) ?? 0) > 1 ? xmlElement("infinite") : "",
      fileElement(`${d.id}.png`, encodePng(cropImage(decoded.image, d)), w.out),
    ),
  );
  const drops = targets.map((t, k) =>
    xmlElement(
      "drop",
      {},
      xmlElement("text", {}, xmlText(t.id)),
      xmlElement("no", {}, String(k + 1)),
      xmlElement("choice", {}, String(draggables.findIndex((d) => d.id === match[t.id]) + 1)),
      xmlElement("xleft", {}, String(t.x)),
      xmlElement("ytop", {}, String(t.y)),
    ),
  );
  const xml = xmlElement(
    "question",
    { type: "ddimageortext" },
    ...commonElements(w),
    xmlElement("shuffleanswers", {}, "false"),
    fileElement(image.name, image.bytes, w.out),
    ...drags,
    ...drops,
  );
  return { xml, notes: w.notes };
}
