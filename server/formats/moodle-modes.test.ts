// The scoring modes in Moodle XML (contract 16.3 point 5, moodle-scoring.ts): type 6's modes as
// the ordering gradingtype and per_answer as answer fractions, written and read back; the modes
// Moodle cannot hold called lossy with the mode named; Moodle's fractions read as per_answer or
// answer points where that is exact, with a warning where not; scenarios carried. That the
// fractions we write make Moodle's grade equal to ours is checked against Moodle's own rule
// (the sum of the chosen fractions, kept between 0 and 100 %) for every choice of answers.
import { describe, expect, it } from "vitest";
import { scoreQuestion } from "../domain/scoring/question-score";
import { typedProperties, type QuestionProperties } from "../schemas/question/properties";
import { allModesExam } from "../../tests/support/scoring-modes-fixture";
import { exportMoodleXml } from "./moodle-export";
import { parseMoodleXml } from "./moodle-import";
import type { ContentQuestion, ExamContent, PlanItem } from "./types";

const bytes = (text: string) => new TextEncoder().encode(text);
function itemsOf(xml: string | Uint8Array): PlanItem[] {
  const result = parseMoodleXml(typeof xml === "string" ? bytes(xml) : xml, { maxItems: 100 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan.items;
}
const quiz = (...questions: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join("\n")}\n</quiz>\n`;
const answer = (fraction: number | string, value: string) =>
  `<answer fraction="${fraction}" format="html"><text>${value}</text></answer>`;
const ordering = (gradingtype: string | null) =>
  `<question type="ordering"><name><text>Order</text></name><questiontext format="html"><text>Order them</text></questiontext><defaultgrade>1</defaultgrade>${
    gradingtype === null ? "" : `<gradingtype>${gradingtype}</gradingtype>`
  }${answer(1, "a")}${answer(2, "b")}${answer(3, "c")}</question>`;
const multichoice = (grade: number, fractions: (number | string)[]) =>
  `<question type="multichoice"><name><text>Pick</text></name><questiontext format="html"><text>Pick them</text></questiontext><defaultgrade>${grade}</defaultgrade><single>false</single>${fractions
    .map((f, i) => answer(f, `x${i}`))
    .join("")}</question>`;

/** A question of the all-modes exam, without answer points (which Moodle cannot hold), with `scoring`. */
function plain(id: number, scoring: string | undefined): ContentQuestion {
  const q = structuredClone(allModesExam().questions.find((x) => x.id === id)!);
  q.answers = q.answers.map((a) => ({ ...a, points: 0 }));
  q.properties = scoring === undefined ? {} : { scoring };
  q.scenarios = [];
  return q;
}
const examOf = (questions: ContentQuestion[]): ExamContent => ({ ...allModesExam(), questions });

describe("moodle export of the scoring modes", () => {
  const modes = [
    ["all_or_nothing", "ALL_OR_NOTHING", "lossless"],
    ["absolute_position", "ABSOLUTE_POSITION", "lossless"],
    ["relative_next", "RELATIVE_NEXT_EXCLUDE_LAST", "lossless"],
    ["longest_ordered_subset", "LONGEST_ORDERED_SUBSET", "lossy"],
    ["longest_contiguous_subset", "LONGEST_CONTIGUOUS_SUBSET", "lossy"],
  ] as const;
  for (const [mode, gradingtype, fidelity] of modes)
    it(`type 6 ${mode}: gradingtype ${gradingtype}, ${fidelity}, and read back as ${mode}`, () => {
      const { file, report } = exportMoodleXml(examOf([plain(207, mode)]));
      const xml = new TextDecoder().decode(file.bytes);
      expect(xml).toContain(`<gradingtype>${gradingtype}</gradingtype>`);
      expect(report.items[0]!.fidelity).toBe(fidelity);
      if (fidelity === "lossy")
        expect(report.items[0]!.notes.join(" ")).toContain(`its scoring mode ${mode} does not fit`);
      const [item] = itemsOf(file.bytes);
      const scoring = (item!.params!.question.properties as Record<string, unknown>).scoring;
      expect(scoring).toBe(mode === "all_or_nothing" ? undefined : mode);
      expect(item!.warnings.length).toBe(fidelity === "lossy" ? 1 : 0);
    });

  it("type 2 per_answer: right answers share 100 %, wrong ones take a share back, lossless, read back as per_answer", () => {
    const { file, report } = exportMoodleXml(examOf([plain(201, "per_answer")]));
    const xml = new TextDecoder().decode(file.bytes);
    expect([...xml.matchAll(/fraction="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "33.3333333",
      "33.3333333",
      "33.3333333",
      "-33.3333333",
      "-33.3333333",
    ]);
    expect(report.items[0]).toMatchObject({ fidelity: "lossless", notes: [] });
    const [item] = itemsOf(file.bytes);
    expect(item!.warnings).toEqual([]);
    expect(item!.params!.question).toMatchObject({ points: 2, properties: { scoring: "per_answer" } });
  });

  it("type 2 all_or_nothing: lossy, the mode named", () => {
    const { report } = exportMoodleXml(examOf([plain(201, undefined)]));
    expect(report.items[0]!.fidelity).toBe("lossy");
    expect(report.items[0]!.notes[0]).toMatch(/^its scoring mode all_or_nothing does not fit Moodle XML/);
  });

  it("Moodle's grade from the fractions we write equals ours under per_answer, for every choice of answers", () => {
    const q = plain(201, "per_answer");
    const xml = new TextDecoder().decode(exportMoodleXml(examOf([q])).file.bytes);
    const fractions = [...xml.matchAll(/fraction="([^"]+)"/g)].map((m) => Number(m[1]));
    const scored = {
      id: q.id,
      ...typedProperties(2, q.properties as QuestionProperties),
      points: q.points,
      answers: q.answers.map((a, i) => ({ id: i, is_correct: a.is_correct, points: 0, order: a.order })),
    };
    for (let mask = 1; mask < 1 << fractions.length; mask++) {
      const chosen = fractions.map((_, i) => i).filter((i) => mask & (1 << i));
      const sum = chosen.reduce((t, i) => t + fractions[i]!, 0);
      const moodle = Math.round(q.points * Math.min(1, Math.max(0, sum / 100)) * 100) / 100;
      expect(scoreQuestion(scored, { type: 2, answerIds: chosen }).points, chosen.join(",")).toBe(moodle);
    }
  });

  it("types 3, 4 and 5: a partial mode is lossy, named, since Moodle grades drag and drop its own way", () => {
    const ids = [203, 204, 206];
    const { report } = exportMoodleXml(examOf(allModesExam().questions.filter((q) => ids.includes(q.id))));
    for (const [i, mode] of ["per_target", "per_area", "per_area"].entries()) {
      expect(report.items[i]!.fidelity).toBe("lossy");
      expect(report.items[i]!.notes).toContain(
        `its scoring mode ${mode} does not fit Moodle XML, which has no place for it: imported back the question scores all_or_nothing`,
      );
    }
  });

  it("carries the scenarios in <examstudio_scenarios>, read back as they were", () => {
    const q = allModesExam().questions.find((x) => x.id === 208)!;
    const { file } = exportMoodleXml(examOf([q]));
    expect(new TextDecoder().decode(file.bytes)).toContain("<examstudio_scenarios>");
    expect(itemsOf(file.bytes)[0]!.params!.question.scenarios).toEqual(q.scenarios);
  });
});

describe("moodle import of the ordering gradingtype", () => {
  const cases: [string | null, string | undefined, RegExp | null][] = [
    ["ALL_OR_NOTHING", undefined, null],
    ["-1", undefined, null],
    ["ABSOLUTE_POSITION", "absolute_position", null],
    ["abs", "absolute_position", null],
    ["RELATIVE_NEXT_EXCLUDE_LAST", "relative_next", null],
    // Moodle's importer reads a missing gradingtype as RELATIVE.
    [null, "relative_next", null],
    [
      "LONGEST_ORDERED_SUBSET",
      "longest_ordered_subset",
      /is read as longest_ordered_subset, which differs: Moodle gives no credit for a single answer/,
    ],
    ["6", "longest_contiguous_subset", /LONGEST_CONTIGUOUS_SUBSET is read as longest_contiguous_subset, which differs/],
    ["RELATIVE_NEXT_INCLUDE_LAST", undefined, /grading RELATIVE_NEXT_INCLUDE_LAST has no scoring mode here/],
    ["RELATIVE_TO_CORRECT", undefined, /grading RELATIVE_TO_CORRECT has no scoring mode here/],
  ];
  for (const [gradingtype, mode, warning] of cases)
    it(`${gradingtype ?? "(missing)"} → ${mode ?? "all or nothing"}`, () => {
      const [item] = itemsOf(quiz(ordering(gradingtype)));
      expect((item!.params!.question.properties as Record<string, unknown>).scoring).toBe(mode);
      if (warning === null) expect(item!.warnings).toEqual([]);
      else expect(item!.warnings).toEqual([expect.stringMatching(warning)]);
    });
});

describe("moodle import of multichoice fractions", () => {
  it("right at 100/n %, wrong at −100/n %: per_answer, exactly", () => {
    const [item] = itemsOf(quiz(multichoice(3, [50, "-50", 50, -50])));
    expect(item!.warnings).toEqual([]);
    expect(item!.params!.question).toMatchObject({ points: 3, properties: { scoring: "per_answer" } });
  });

  it("fractions never below 0 adding up to at most 100 %, whole shares of the grade: answer points, the question 0 points", () => {
    const [item] = itemsOf(quiz(multichoice(3, [33.33333, 0, 66.66667])));
    expect(item!.warnings).toEqual([]);
    expect(item!.params!.question.points).toBe(0);
    expect(item!.params!.answers!.map((a) => a.points ?? 0)).toEqual([1, 0, 2]);
  });

  it("a share that is no whole number of points: per_answer, with a warning that it differs", () => {
    const [item] = itemsOf(quiz(multichoice(1, [50, 0, 50])));
    expect(item!.params!.question).toMatchObject({ points: 1, properties: { scoring: "per_answer" } });
    expect(item!.warnings[0]).toMatch(/^Moodle's credit per answer \(50%, 0%, 50%\) is read as per_answer/);
  });

  it("anything else: per_answer, with a warning that it differs", () => {
    const [item] = itemsOf(quiz(multichoice(1, [100, 100, -25])));
    expect(item!.params!.question).toMatchObject({ points: 1, properties: { scoring: "per_answer" } });
    expect(item!.warnings).toEqual([
      "Moodle's credit per answer (100%, 100%, -25%) is read as per_answer (each right answer chosen earns an equal share, each wrong one takes a share back), which differs from it",
    ]);
  });
});
