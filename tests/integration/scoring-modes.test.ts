// `properties.scoring` (contract 16.1) through the API: each type stores the modes it takes and
// questionGet returns them; questionUpdate keeps the mode that is sent; a mode on a type that
// takes none, or not its type's, is -32602 at question.properties.scoring naming the allowed modes
// and stores nothing; per_area on a point & shoot question with one correct area is allowed; the
// Exam Studio archive carries the mode to a new exam.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";
import { blockProperties, dragDropProperties } from "../support/image-question-properties";
import { makePng, toBase64 } from "../support/media-fixtures";

const BOARD = makePng(400, 300);
const SCORING = "question.properties.scoring";

let t: TestApp;
let ann: TestUser;
let examId: number;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  examId = ok(await ann.call("exam.examCreate", { exam: examInput() })).exam.id;
});
afterAll(() => t.close());

const choiceAnswers = [
  { answer: "<p>A</p>", is_correct: true },
  { answer: "<p>B</p>", is_correct: true },
  { answer: "<p>C</p>", is_correct: false },
];
const sortAnswers = [
  { answer: "<p>Physical</p>", is_correct: true, order: 1 },
  { answer: "<p>Data link</p>", is_correct: true, order: 2 },
  { answer: "<p>Network</p>", is_correct: true, order: 3 },
];
const resources = { "board.png": toBase64(BOARD) };

/** questionCreate's params for a question of `type` with `properties.scoring` set to `scoring` (left out when undefined). */
function params(type: number, scoring: unknown, extra: Record<string, unknown> = {}) {
  const withMode = (p: Record<string, unknown>) => (scoring === undefined ? p : { ...p, scoring });
  const base = { exam_id: examId, question: `<p>Type ${type}</p>`, type };
  switch (type) {
    case 3:
      return {
        question: { ...base, properties: withMode({ ...dragDropProperties("board.png"), ...extra }) },
        resources,
      };
    case 4:
    case 5:
      return {
        question: {
          ...base,
          properties: withMode({ ...blockProperties("board.png", { width: 400, height: 300 }), ...extra }),
        },
        resources,
      };
    case 6:
      return { question: { ...base, properties: withMode({ optional_answers: false }) }, answers: sortAnswers };
    case 7:
      return {
        question: { ...base, properties: withMode({ text_similarity: 80, text_answer: [{ value: "HTTPS" }] }) },
      };
    default:
      return { question: { ...base, properties: withMode({}) }, answers: choiceAnswers };
  }
}

const MODES: [number, string][] = [
  [2, "per_answer"],
  [2, "all_or_nothing"],
  [3, "per_target"],
  [4, "per_area"],
  [5, "per_area"],
  [6, "absolute_position"],
  [6, "relative_next"],
  [6, "longest_ordered_subset"],
  [6, "longest_contiguous_subset"],
];

describe("properties.scoring", () => {
  it.each(MODES)("type %i stores %s and questionGet returns it", async (type, mode) => {
    const created = ok(await ann.call("exam.questionCreate", params(type, mode)));
    expect(created.question.properties).toMatchObject({ scoring: mode });
    const got = ok(await ann.call("exam.questionGet", { id: created.question.id }));
    expect(got.question.properties).toMatchObject({ scoring: mode });
  });

  it("left out, nothing is stored (all_or_nothing is the rule)", async () => {
    const created = ok(await ann.call("exam.questionCreate", params(2, undefined)));
    expect(created.question.properties).toEqual({});
  });

  it("questionUpdate keeps the mode sent with the properties, and changes it", async () => {
    const created = ok(await ann.call("exam.questionCreate", params(6, "relative_next")));
    const id = created.question.id;
    const update = (mode: string) => {
      const p = params(6, mode);
      return ann.call("exam.questionUpdate", { ...p, question: { ...p.question, id } });
    };
    ok(await update("relative_next"));
    expect(ok(await ann.call("exam.questionGet", { id })).question.properties).toEqual({
      optional_answers: false,
      scoring: "relative_next",
    });
    ok(await update("longest_ordered_subset"));
    expect(ok(await ann.call("exam.questionGet", { id })).question.properties).toMatchObject({
      scoring: "longest_ordered_subset",
    });
  });

  it("per_area on a point & shoot question with one correct area is allowed", async () => {
    const one = { correct: { "block-1": true, "block-2": false, "block-999": false } };
    const created = ok(await ann.call("exam.questionCreate", params(4, "per_area", one)));
    expect(created.question.properties).toMatchObject({ scoring: "per_area" });
  });

  it.each([
    [1, "per_answer", /single choice question takes no scoring mode/],
    [7, "all_or_nothing", /text input question takes no scoring mode/],
    [2, "per_target", /must be one of "all_or_nothing", "per_answer" for a multiple choice question/],
    [3, "per_area", /must be one of "all_or_nothing", "per_target" for a drag & drop question/],
    [5, "per_answer", /must be one of "all_or_nothing", "per_area" for a hot area question/],
    [6, "per_answer", /"absolute_position", "relative_next", "longest_ordered_subset", "longest_contiguous_subset"/],
    [6, 3, /must be one of .* for a sort question, got the number 3/],
  ] as const)(
    "type %i with %s is -32602 at question.properties.scoring and stores nothing",
    async (type, mode, message) => {
      const reply = await expectNothingChanged(t, ann, () => ann.call("exam.questionCreate", params(type, mode)));
      const issues = fails(reply, -32602, SCORING);
      expect(issues.find((i) => i.path === SCORING)!.message).toMatch(message);
    },
  );

  it("a bad mode on update changes nothing", async () => {
    const created = ok(await ann.call("exam.questionCreate", params(2, "per_answer")));
    const p = params(2, "longest_ordered_subset");
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.questionUpdate", { ...p, question: { ...p.question, id: created.question.id } }),
    );
    fails(reply, -32602, SCORING);
  });

  it("the Exam Studio archive carries the modes to a new exam", async () => {
    const source = ok(await ann.call("exam.examCreate", { exam: examInput() })).exam.id;
    for (const [type, mode] of MODES) {
      const p = params(type, mode);
      ok(await ann.call("exam.questionCreate", { ...p, question: { ...p.question, exam_id: source } }));
    }
    const file = ok(await ann.call("exam.examExport", { id: source, format: "exam_json" })).file;
    const imported = ok(await ann.call("exam.examImport", { file }));
    const copyId = imported.exam.id!;
    const questions = ok(await ann.call("exam.questionList", { exam_id: copyId })).questions;
    expect(questions.map((q) => [q.type, (q.properties as { scoring?: string }).scoring])).toEqual(MODES);
  });
});
