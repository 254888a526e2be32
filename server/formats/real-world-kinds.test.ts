// The kinds of contract 13.3 point 3 on real files that other people and tools wrote
// (tests/fixtures/real-world, SOURCE.md there): GIFT missing word, several =, numerical,
// matching and Moodle's ordering extension; Moodle XML oumultiresponse, matching, numerical and
// one-gap gapselect/ddwtos. Each file is read as its own tool reads it; the whole corpus is
// measured at the end.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { decodeBase64 } from "../media/base64";
import { drawFont } from "./drawn-font";
import { decodeImage } from "./raster";
import { FORMAT_MODULES } from "./registry";
import { recognizeFormat } from "./recognize";
import type { ParseResult, PlanItem } from "./types";

// Drawing the generated images' texts (drawn-text.ts) takes a second or more on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

// The font is read and parsed once, before the tests that draw with it (a quarter second alone,
// several on a busy machine).
beforeAll(() => void drawFont(), 30_000);

const ROOT = path.join(__dirname, "../../tests/fixtures/real-world");
const read = (file: string) => new Uint8Array(readFileSync(path.join(ROOT, file)));

function parsed(file: string): ParseResult {
  const bytes = read(file);
  const format = recognizeFormat(bytes);
  if (!format.ok) throw new Error(`${file}: ${format.issue.message}`);
  return FORMAT_MODULES[format.format]!.parse!(bytes, { maxItems: 1000 });
}
function items(file: string): PlanItem[] {
  const result = parsed(file);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items;
}
const only = (file: string) => items(file)[0]!;
const textAnswers = (item: PlanItem) =>
  (item.params!.question.properties as { text_answer: { value: string }[] }).text_answer.map((a) => a.value);

interface Area {
  id: string;
  type: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A matching item's image: decoded, its areas inside it and apart from each other. */
function checkMatchingImage(item: PlanItem) {
  const properties = item.params!.question.properties as { image: string; areas: Area[] };
  const image = decodeImage(decodeBase64(item.params!.resources![properties.image]!)!);
  if (!image.ok) throw new Error(image.message);
  for (const a of properties.areas) {
    expect(a.x + a.width).toBeLessThanOrEqual(image.image.width);
    expect(a.y + a.height).toBeLessThanOrEqual(image.image.height);
    for (const b of properties.areas)
      if (a !== b)
        expect(
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
          `${a.id} and ${b.id} overlap`,
        ).toBe(true);
  }
  return { image: image.image, areas: properties.areas };
}

describe("GIFT files from GIFT-grammar-PEG.js and Moodle", () => {
  it("Moodle's ordering extension as its ordering question type writes it: type 6 in the given order, Moodle's default grading (RELATIVE) as relative_next", () => {
    const item = only("gift/ordering-testexport.gift.txt");
    expect(item.params).toEqual({
      question: {
        type: 6,
        question: "Put these words in order.",
        properties: { optional_answers: false, scoring: "relative_next" },
      },
      answers: ["Modular", "Object", "Oriented", "Dynamic", "Learning", "Environment"].map((w, k) => ({
        answer: `<p>${w}</p>`,
        is_correct: true,
        order: k + 1,
      })),
    });
  });

  it("missing word: the kind kept, _____ where the braces were", () => {
    expect(only("gift/mc2.gift").params).toEqual({
      question: { type: 1, question: "<p>Grant is _____ in Grant's tomb.</p>" },
      answers: [
        { answer: "<p>buried</p>", is_correct: false },
        { answer: "<p>entombed</p>", is_correct: true },
        { answer: "<p>living</p>", is_correct: false },
      ],
    });
  });

  it("several = in a choice: type 2, each = right", () => {
    const item = only("gift/escapeColon.gift");
    expect(item.params!.question).toEqual({ type: 2, question: "<p>Specify the seasons:</p>" });
    expect(item.params!.answers!.map((a) => a.is_correct)).toEqual([true, true, true, true, false]);
  });

  it("numerical: exact values, integer ranges listed, the other tolerances warned", () => {
    const all = items("gift/numerical1.gift");
    expect(all.map(textAnswers)).toEqual([
      ["1822"],
      ["-1"],
      ["3.1415"],
      ["-3.142"],
      ["3.1415"],
      ["-3.1415"],
      ["1", "2", "3", "4", "5"],
      ["-5", "-4", "-3", "-2", "-1", "0", "1", "2", "3", "4", "5"],
      ["1822"],
      ["9"],
    ]);
    expect(all.every((i) => i.params!.question.type === 7)).toBe(true);
    expect(all[2]!.warnings).toEqual([
      "the tolerance of 3.1415:0.0005 is not kept (a typed answer here is compared as text): only 3.1415 is accepted",
    ]);
    // A wrong answer (~) without a value is Moodle's "any other answer": not an accepted value.
    expect(textAnswers(only("gift/totara_moodle_numerical.gift"))).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("matching: Drag & Drop on a generated image, a choice without a stem a tile that belongs nowhere", () => {
    const item = only("gift/totara_moodle_match.gift");
    const properties = item.params!.question.properties as {
      match: Record<string, string>;
      options: { OneToOneMatching: boolean };
    };
    expect(item.params!.question.type).toBe(3);
    expect(properties.match).toEqual({
      "targ-1": "drag-1",
      "targ-2": "drag-2",
      "targ-3": "drag-3",
      "targ-4": "drag-4",
    });
    // "Chat" is used by no stem, so not every choice is used once.
    expect(properties.options.OneToOneMatching).toBe(false);
    const { image, areas } = checkMatchingImage(item);
    expect(areas.filter((a) => a.type === 2)).toHaveLength(5);
    expect(item.warnings).toEqual([
      `converted to Drag & Drop on a generated image (matching.png, ${image.width}×${image.height} pixels): each of its 4 stems is a target, each of its 5 choices a draggable tile in the tray beside them`,
    ]);
  });

  it("files of only categories are GIFT, read with no item and a warning saying why", () => {
    for (const file of ["gift/category1.gift", "gift/categorySpecialCharacter.gift"]) {
      expect(recognizeFormat(read(file))).toEqual({ ok: true, format: "gift" });
      const result = parsed(file);
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      expect(result.plan.items).toEqual([]);
      expect(result.plan.warnings).toEqual([
        expect.stringMatching(/^the file holds no question, only \$CATEGORY lines \("\$course\$\/top\/Default for /),
      ]);
    }
  });

  it("files of only essays or descriptions are GIFT, each item skipped saying why", () => {
    for (const file of ["gift/essay1.gift", "gift/markdown.gift", "gift/totara_moodle_essay.gift"]) {
      expect(recognizeFormat(read(file))).toEqual({ ok: true, format: "gift" });
      const all = items(file);
      expect(
        all.every((i) => i.params === null && /^skipped: line \d+ holds an? (essay|description)/.test(i.warnings[0]!)),
      ).toBe(true);
    }
  });
});

describe("Moodle XML files from Moodle and its plugins", () => {
  it('match (written type="matching"): Drag & Drop, matched from the key', () => {
    const item = only("moodle/match.xml");
    expect(item.params!.question).toMatchObject({ type: 3, question: "Classify the animals.", points: 1 });
    const properties = item.params!.question.properties as {
      match: Record<string, string>;
      options: { OneToOneMatching: boolean };
    };
    // frog → amphibian, cat → mammal, newt → amphibian; insect is a choice of no stem.
    expect(properties.match).toEqual({ "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-1" });
    expect(properties.options.OneToOneMatching).toBe(false);
    checkMatchingImage(item);
  });

  it("oumultiresponse: type 2, its answers above 0% right", () => {
    const item = only("moodle/oumultiresponse.xml");
    expect(item.params!.question.type).toBe(2);
    expect(item.params!.answers!.filter((a) => a.is_correct).map((a) => a.answer)).toEqual(["London", "Paris"]);
  });

  it("gapselect and ddwtos with three gaps: skipped, naming the kind and the count", () => {
    for (const file of ["moodle/gapselect.xml", "moodle/ddwtos.xml"])
      expect(only(file).warnings).toEqual([
        "skipped: it is a select missing words question (Moodle type gapselect) with 3 gaps; only a question with one gap becomes a single choice question here",
      ]);
  });

  it("the same gapselect with one gap: type 1, _____ at the gap, the choices of its group", () => {
    const text = new TextDecoder()
      .decode(read("moodle/gapselect.xml"))
      .replace("The [[1]] [[2]] on the [[3]].", "The cat [[2]] on the mat.");
    const result = FORMAT_MODULES.moodle_xml!.parse!(new TextEncoder().encode(text), { maxItems: 10 });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.plan.items[0]!.params).toMatchObject({
      question: { type: 1, question: "The cat _____ on the mat." },
      answers: [
        { answer: "cat", is_correct: false },
        { answer: "sat", is_correct: true },
        { answer: "mat", is_correct: false },
        { answer: "dog", is_correct: false },
        { answer: "table", is_correct: false },
      ],
    });
  });
});

describe("Moodle numerical, in a file of our own making after Moodle's export", () => {
  it("type 7: exact values, an integer tolerance listed, a decimal one warned, * and units not kept", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="numerical">
    <name><text>Year</text></name>
    <questiontext format="html"><text><![CDATA[<p>When did it happen?</p>]]></text></questiontext>
    <defaultgrade>2.0000000</defaultgrade>
    <answer fraction="100" format="moodle_auto_format"><text>1066</text><tolerance>1</tolerance></answer>
    <answer fraction="100" format="moodle_auto_format"><text>2.5</text><tolerance>0.1</tolerance></answer>
    <answer fraction="50" format="moodle_auto_format"><text>1000</text><tolerance>100</tolerance></answer>
    <answer fraction="0" format="moodle_auto_format"><text>*</text><tolerance>0</tolerance></answer>
    <units><unit><multiplier>1</multiplier><unit_name>AD</unit_name></unit></units>
  </question>
</quiz>`;
    const result = FORMAT_MODULES.moodle_xml!.parse!(new TextEncoder().encode(xml), { maxItems: 10 });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const [item] = result.plan.items;
    expect(item!.params!.question).toMatchObject({ type: 7, question: "<p>When did it happen?</p>", points: 2 });
    expect(textAnswers(item!)).toEqual(["1065", "1066", "1067", "2.5"]);
    expect(item!.warnings).toEqual([
      "answers below 100% are not kept (a typed answer here is accepted or not): 1000 (50%)",
      "its units (AD) are not kept: the accepted values are the numbers alone",
      "the tolerance of 2.5 ± 0.1 is not kept (a typed answer here is compared as text): only 2.5 is accepted",
    ]);
  });
});

describe("the whole corpus", () => {
  it("every file is recognised and read; 43 of 56 import something, 88 of 105 items come in, the rest named", () => {
    let importing = 0;
    let total = 0;
    let imported = 0;
    const refused: string[] = [];
    // Each item that does not come in, by file, with the kind its warning names: the table "In the
    // real files the tests read" of docs/api/import-export.md.
    const left: Record<string, string[]> = {};
    for (const dir of ["gift", "moodle"])
      for (const name of readdirSync(path.join(ROOT, dir)).filter((n) => n !== "SOURCE.md")) {
        const result = parsed(`${dir}/${name}`);
        if (!result.ok) {
          refused.push(name);
          continue;
        }
        const done = result.plan.items.filter((i) => i.params !== null).length;
        for (const i of result.plan.items.filter((x) => x.params === null))
          (left[name] ??= []).push(
            /(essay|description|select missing words)/.exec(i.warnings[0]!)?.[1] ?? i.warnings[0]!,
          );
        total += result.plan.items.length;
        imported += done;
        if (done > 0) importing++;
      }
    // None is refused: the two files of $CATEGORY lines alone are read as Moodle reads them, with
    // no item and a warning saying so.
    expect(refused).toEqual([]);
    expect([importing, imported, total]).toEqual([43, 88, 105]);
    const essay = ["essay"];
    const description = ["description"];
    expect(left).toEqual({
      "description1.gift": description,
      "descriptionTitleEscapedColon.gift": description,
      "descriptionWithID.gift": description,
      "markdown.gift": ["description", "description", "description", "description"],
      "essay1.gift": essay,
      "newlineAndLaTeX.gift": essay,
      "tag_id.gift": essay,
      "tag_id_and_two_tags.gift": essay,
      "tag_two_tags.gift": essay,
      "totara_moodle_backslash.gift": essay,
      "totara_moodle_essay.gift": essay,
      "totara_moodle_pre_content.gift": essay,
      "gapselect.xml": ["select missing words"],
      "ddwtos.xml": ["select missing words"],
    });
  });
});
