// A QTI 3.0 package not written by Exam Studio (tests/fixtures/qti3/package, written after the
// 1EdTech QTI 3 examples; its README says how and why) read by the qti3 import: the exact
// question each item yields, the item QTI has no equivalent for skipped with a warning naming
// it, the stimulus as a case study, the test's settings. Every XML file of the fixture is valid
// against the QTI 3.0.1 XSDs.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../media/base64";
import { QTI3_ASI_XSD, QTI3_CP_XSD, xmllint } from "@/tests/support/xmllint";
import { parseQti3 } from "./qti3-import";
import { decodeImage } from "./raster";
import type { ImportPlan } from "./types";

const DIR = path.resolve(import.meta.dirname, "../../tests/fixtures/qti3/package");

function files(dir: string, prefix = ""): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, files(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = new Uint8Array(readFileSync(full));
  }
  return out;
}

const entries = files(DIR);
const result = parseQti3(zipSync(entries), { maxItems: 100 });
if (!result.ok) throw new Error(JSON.stringify(result.issues));
const plan: ImportPlan = result.plan;
const item = (identifier: string) => plan.items.find((i) => i.ref.startsWith(`item ${identifier} `))!;

describe("qti3 import of another tool's package", () => {
  it("the fixture is valid QTI 3.0.1", () => {
    const qti = Object.keys(entries)
      .filter((n) => n.endsWith(".xml") && n !== "imsmanifest.xml")
      .map((n) => path.join(DIR, n));
    expect(xmllint(QTI3_ASI_XSD, qti)).toBe("");
    expect(xmllint(QTI3_CP_XSD, [path.join(DIR, "imsmanifest.xml")])).toBe("");
  }, 120_000);

  it("reads the items in the test's order, skipping the essay with a warning naming it", () => {
    expect(plan.items.map((i) => [i.ref, i.params === null])).toEqual([
      ["item choice (items/choice.xml)", false],
      ["item choice-multiple (items/choice-multiple.xml)", false],
      ["item order (items/order.xml)", false],
      ["item text-entry (items/text-entry.xml)", false],
      ["item hotspot (items/hotspot.xml)", false],
      ["item select-point (items/select-point.xml)", false],
      ["item graphic-gap-match (items/graphic-gap-match.xml)", false],
      ["item essay (items/essay.xml)", true],
      ["item passage-item (items/passage-item.xml)", false],
    ]);
    expect(item("essay").warnings).toEqual([
      expect.stringContaining(
        "it has an extended text interaction (qti-extended-text-interaction), which Exam Studio cannot represent",
      ),
    ]);
  });

  it("choice (match_correct): type 1 of 1 point, the prompt in the question, the image as a resource", () => {
    const { params, warnings } = item("choice");
    expect(warnings).toEqual([]);
    expect(params!.question).toEqual({
      type: 1,
      question:
        '<p>Look at the sign by the harbour.</p><p><img src="images/sign.png" alt="NO SWIMMING AFTER DARK" width="60" height="30" /></p><p>What does it say?</p>',
      explanation: "",
      external_id: "choice",
      points: 1,
      properties: {},
    });
    expect(params!.answers).toEqual([
      { answer: "Swimming is never allowed.", is_correct: false, order: 1, points: 0 },
      { answer: "Do not swim at night.", is_correct: true, order: 2, points: 0 },
      { answer: "Swim only with a <em>lifeguard</em>.", is_correct: false, order: 3, points: 0 },
    ]);
    expect(decodeBase64(params!.resources!["images/sign.png"]!)).toEqual(entries["images/sign.png"]);
  });

  it("choice multiple (map_response): type 2, the mapped values as answer points, the bounds said lost", () => {
    const { params, warnings } = item("choice-multiple");
    expect(params!.question).toMatchObject({ type: 2, question: "<p>Which of these float?</p>", points: 0 });
    expect(params!.answers).toEqual([
      { answer: "A ferry", is_correct: true, order: 1, points: 1 },
      { answer: "A truck", is_correct: false, order: 2, points: -2 },
      { answer: "A yacht", is_correct: true, order: 3, points: 1 },
    ]);
    expect(warnings).toEqual([expect.stringContaining("lower-bound, upper-bound have no equivalent")]);
  });

  it("order: type 6, the answers in the correct sequence", () => {
    const { params } = item("order");
    expect(params!.question).toMatchObject({
      type: 6,
      question: "<p>Put the tide in order, starting at low water.</p>",
      points: 1,
      properties: { optional_answers: false },
    });
    expect(params!.answers!.map((a) => [a.answer, a.is_correct, a.order])).toEqual([
      ["Low water", true, 1],
      ["Rising tide", true, 2],
      ["High water", true, 3],
    ]);
  });

  it("text entry inside the text: type 7 with the mapped values and their points, the box a blank, the indentation dropped", () => {
    const { params, warnings } = item("text-entry");
    expect(warnings).toEqual([]);
    expect(params!.question).toEqual({
      type: 7,
      question:
        "<p>Fill in the missing word.</p><blockquote><p>At night the _____ guides the boats home.</p></blockquote>",
      explanation: "",
      external_id: "text-entry",
      points: 0,
      properties: {
        text_similarity: 100,
        case_sensitive: false,
        text_answer: [
          { value: "lighthouse", points: 2 },
          { value: "light house", points: 1 },
        ],
      },
    });
  });

  it("hotspot: type 5, circle and polygon as the rectangles around them", () => {
    const { params, warnings } = item("hotspot");
    expect(params!.question.properties).toEqual({
      image: "images/map.png",
      areas: [
        { id: "block-1", x: 20, y: 20, width: 40, height: 40 },
        { id: "block-2", x: 120, y: 20, width: 60, height: 40 },
        { id: "block-3", x: 20, y: 100, width: 60, height: 40 },
      ],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": false, "block-2": true, "block-3": false },
    });
    expect(warnings).toEqual([
      "hotspot A is a circle; it was imported as the rectangle around it",
      "hotspot C is a poly; it was imported as the rectangle around it",
    ]);
  });

  it("select point (map_response_point): type 4, the area mapping's areas, the correct one under the correct point", () => {
    const { params } = item("select-point");
    expect(params!.question).toMatchObject({
      type: 4,
      points: 0,
      properties: {
        image: "images/map.png",
        areas: [{ id: "block-1", x: 30, y: 100, width: 40, height: 40 }],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
        correct: { "block-1": true },
        points: { "block-1": 1 },
      },
    });
  });

  it("graphic gap match: type 3, the gap images in a tray below the base image, the pairs as the match", () => {
    const { params, warnings } = item("graphic-gap-match");
    const p = params!.question.properties as Record<string, unknown>;
    expect(p).toEqual({
      image: "images/map-graphic-gap-match-with-draggables.png",
      areas: [
        { id: "targ-1", x: 120, y: 20, width: 60, height: 40, type: 1 },
        { id: "targ-2", x: 20, y: 100, width: 60, height: 40, type: 1 },
        { id: "drag-1", x: 10, y: 160, width: 40, height: 20, type: 2 },
        { id: "drag-2", x: 60, y: 160, width: 40, height: 20, type: 2 },
      ],
      options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
      match: { "targ-1": "drag-2", "targ-2": "drag-1" },
      points: { "targ-1": { "drag-2": 1 }, "targ-2": { "drag-1": 1 } },
    });
    const tray = decodeImage(decodeBase64(params!.resources!["images/map-graphic-gap-match-with-draggables.png"]!)!);
    expect(tray.ok && [tray.image.width, tray.image.height]).toEqual([200, 190]);
    expect(warnings).toEqual([
      expect.stringContaining("default-value, lower-bound have no equivalent"),
      expect.stringContaining("put in a tray below the base image"),
    ]);
  });

  it("the stimulus is the case study of the item that refers to it", () => {
    expect(item("passage-item").caseStudy).toBe("The old harbour");
    expect(plan.caseStudies).toEqual([
      {
        ref: "stimulus harbour (passages/harbour.xml)",
        name: "The old harbour",
        description: "<h2>The old harbour</h2><p>The old harbour has two piers and a lighthouse at its mouth.</p>",
        resources: {},
      },
    ]);
  });

  it("the test's title, ordering, selection, time limit and instructions are the exam's settings", () => {
    expect(plan.exam).toEqual({
      settings: {
        title: "Harbour town practice test",
        description: "<p>Answer every question.</p>",
        shuffle_questsion: true,
        testing: { auto: false, locked_questions: 6, time_mode: "fixed", fixed_time: 25 },
      },
      resources: {},
    });
    expect(plan.warnings).toEqual([]);
  });
});
