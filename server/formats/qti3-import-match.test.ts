// QTI match and associate interactions (contract 13.3 point 3, "Matching") read from real files
// that other tools wrote: the IMS (1EdTech) QTI 2.1 examples and Onyx's items
// (tests/fixtures/real-world/qti2), and Citolab's QTI 3.0 items, one of them written by TAO
// (tests/fixtures/real-world/qti3). Each becomes Drag & Drop on a generated image, or is skipped
// saying why.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { looseItemPackage, looseQti3Package } from "@/tests/support/qti2-fixtures";
import { decodeBase64 } from "../media/base64";
import { drawFont } from "./drawn-font";
import { readZip, writeZip } from "./zip";
import { qti2 } from "./qti2";
import { qti3 } from "./qti3";
import { decodeImage } from "./raster";
import type { FormatModule, PlanItem } from "./types";

// Drawing the generated images' texts takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => void drawFont(), 30_000);

function only(format: FormatModule, bytes: Uint8Array): PlanItem {
  const result = format.parse!(bytes, { maxItems: 10 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items[0]!;
}
const ims = (name: string) => only(qti2, looseItemPackage(`ims-2.1/${name}.xml`));
const onyx = (name: string) => only(qti2, looseItemPackage(`onyx-sachsen/${name}.xml`));
const citolab = (name: string) => only(qti3, looseQti3Package(`citolab/${name}.xml`));

/** The IMS item's text changed by `edit`, zipped as the tests' loose items are. */
function editedIms(name: string, edit: (xml: string) => string): PlanItem {
  const entries = readZip(looseItemPackage(`ims-2.1/${name}.xml`), 1 << 20);
  if (!entries.ok) throw new Error(entries.message);
  const file = `${name}.xml`;
  const xml = edit(new TextDecoder().decode(entries.entries.get(file)!));
  return only(
    qti2,
    writeZip([
      ["imsmanifest.xml", entries.entries.get("imsmanifest.xml")!],
      [file, new TextEncoder().encode(xml)],
    ]),
  );
}

interface Area {
  id: string;
  type: number;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Properties {
  image: string;
  areas: Area[];
  match: Record<string, string>;
  options: { OneToOneMatching: boolean };
  points?: Record<string, Record<string, number>>;
}

/** The item's properties, its image decoded, every area inside it and apart from the others. */
function drawn(item: PlanItem) {
  expect(item.params?.question.type).toBe(3);
  const properties = item.params!.question.properties as unknown as Properties;
  const image = decodeImage(decodeBase64(item.params!.resources![properties.image]!)!);
  if (!image.ok) throw new Error(image.message);
  const { width, height } = image.image;
  for (const a of properties.areas) {
    expect(a.x + a.width).toBeLessThanOrEqual(width);
    expect(a.y + a.height).toBeLessThanOrEqual(height);
    for (const b of properties.areas)
      if (a !== b)
        expect(
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
          `${a.id} and ${b.id} overlap`,
        ).toBe(true);
  }
  const count = (type: number) => properties.areas.filter((a) => a.type === type).length;
  return { properties, width, height, targets: count(1), tiles: count(2) };
}

describe("qti-match-interaction", () => {
  it("the IMS example (QTI 2.1) and Citolab's QTI 3.0 copy of it: stems the first set, tiles the second, points per pair", () => {
    for (const item of [ims("match"), citolab("match")]) {
      const { properties, width, height, targets, tiles } = drawn(item);
      // Capulet, Demetrius, Lysander, Prospero → Romeo and Juliet (drag-2), the Dream (drag-1)
      // twice, The Tempest (drag-3).
      expect([targets, tiles]).toEqual([4, 3]);
      expect(properties.match).toEqual({
        "targ-1": "drag-2",
        "targ-2": "drag-1",
        "targ-3": "drag-1",
        "targ-4": "drag-3",
      });
      // A play is used twice: not one to one.
      expect(properties.options.OneToOneMatching).toBe(false);
      // map_response: the question earns nothing by itself, each pair its mapped value (0.5 is
      // rounded when the import checks the item: tests/integration/import-qti-matching.test.ts).
      expect(item.params!.question.points).toBe(0);
      expect(properties.points).toEqual({
        "targ-1": { "drag-2": 1 },
        "targ-2": { "drag-1": 0.5 },
        "targ-3": { "drag-1": 0.5 },
        "targ-4": { "drag-3": 1 },
      });
      expect(item.warnings).toEqual([
        `converted to Drag & Drop on a generated image (matching.png, ${width}×${height} pixels): each of its 4 stems is a target, each of its 3 choices a draggable tile in the tray beside them`,
      ]);
      expect(item.params!.question.question).toBe(
        "<p>Match the following characters to the Shakespeare play they appeared in:</p>",
      );
    }
  });

  it("Onyx's one-to-one match: OneToOneMatching on, 1 point for the whole (its own response processing)", () => {
    const item = onyx("Matchsingle_143114773");
    const { properties, targets, tiles } = drawn(item);
    expect([targets, tiles]).toEqual([4, 4]);
    expect(properties.match).toEqual({
      "targ-1": "drag-1",
      "targ-2": "drag-2",
      "targ-3": "drag-3",
      "targ-4": "drag-4",
    });
    expect(properties.options.OneToOneMatching).toBe(true);
    expect(item.params!.question.points).toBe(1);
    expect(properties.points).toBeUndefined();
  });

  it("TAO's item (QTI 3.0, a response variable not named RESPONSE): five pairs, one to one", () => {
    const item = citolab("example-match");
    const { properties, targets, tiles } = drawn(item);
    expect([targets, tiles]).toEqual([5, 5]);
    // French → Paris, Hungarian → Budapest, Polish → Warsaw, Dutch → Amsterdam, Lithuanian →
    // Vilnius; the tray in the file's order: Budapest, Vilnius, Paris, Amsterdam, Warsaw.
    expect(properties.match).toEqual({
      "targ-1": "drag-3",
      "targ-2": "drag-1",
      "targ-3": "drag-5",
      "targ-4": "drag-4",
      "targ-5": "drag-2",
    });
    expect(properties.options.OneToOneMatching).toBe(true);
  });

  it("Onyx's match of images without alt text is skipped: a matching question is drawn from texts", () => {
    const item = onyx("Matchmultiple_1038910213");
    expect(item.params).toBeNull();
    expect(item.warnings.at(-1)).toBe(
      "its choices Match21853614, Match6887188, Match23738841, Match16519624, Match15952430 have no text (an image without alt text, say), and a matching question is drawn from its texts",
    );
  });

  it("a stem matched to two choices keeps the first; a stem matched to none is left out; each says so", () => {
    const item = editedIms("match", (xml) =>
      xml.replace("<value>P T</value>", "").replace("<value>C R</value>", "<value>C R</value><value>C T</value>"),
    );
    const { properties, targets } = drawn(item);
    expect(targets).toBe(3);
    expect(properties.match).toEqual({ "targ-1": "drag-2", "targ-2": "drag-1", "targ-3": "drag-1" });
    expect(item.warnings).toEqual(
      expect.arrayContaining([
        "its choice C is matched to more than one choice (R, T) in its correct response; a target takes one tile, so R is its match",
        "its choices P are matched to nothing in its correct response; a target needs a match, so they were left out",
      ]),
    );
  });
});

describe("qti-associate-interaction", () => {
  it("the IMS example: of each pair the choice listed first is the stem, the other its tile", () => {
    const item = ims("associate");
    const { properties, targets, tiles } = drawn(item);
    // Antonio–Prospero, Capulet–Montague, Demetrius–Lysander: stems Antonio, Capulet, Demetrius;
    // tiles Lysander, Montague, Prospero in the file's order.
    expect([targets, tiles]).toEqual([3, 3]);
    expect(properties.match).toEqual({ "targ-1": "drag-3", "targ-2": "drag-2", "targ-3": "drag-1" });
    expect(properties.options.OneToOneMatching).toBe(true);
    expect(properties.points).toEqual({
      "targ-1": { "drag-3": 2 },
      "targ-2": { "drag-2": 1 },
      "targ-3": { "drag-1": 1 },
    });
  });

  it("a pair written the other way round means the same (QTI's pair has no direction)", () => {
    const item = editedIms("associate", (xml) => xml.replaceAll("A P", "P A").replaceAll("C M", "M C"));
    expect(item.params!.question.properties).toEqual(ims("associate").params!.question.properties);
  });

  it("a choice in no pair is a tile that belongs nowhere: not one to one", () => {
    const item = editedIms("associate", (xml) => xml.replace("<value>D L</value>", ""));
    const { properties, targets, tiles } = drawn(item);
    // Stems Antonio, Capulet; tiles Demetrius, Lysander, Montague, Prospero.
    expect([targets, tiles]).toEqual([2, 4]);
    expect(properties.match).toEqual({ "targ-1": "drag-4", "targ-2": "drag-3" });
    expect(properties.options.OneToOneMatching).toBe(false);
  });

  it("Citolab's conformance item without a correct response is skipped: nothing to match", () => {
    const item = citolab("associate-interaction");
    expect(item.params).toBeNull();
    expect(item.warnings.at(-1)).toBe(
      "its qti-associate-interaction has no pair of its choices in its correct response, so there is nothing to match (Exam Studio reads a matching item by its correct response)",
    );
  });
});
