// Question types with answers (1 single choice, 2 multiple choice, 6 sort) and type 7 text
// input, through the API: interface 2.2, 2.3, 2.6, 2.7, 3.1 rule 3, errors rules 1 and 2;
// contract 3 and 7. Every case checks what the tables hold, not only the response.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { answerRows, expectError, expectNothingChanged, ok, questionRow, storedState } from "../support/question-store";
import { warningCodes } from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";

/** The question object of create/update responses: exactly the interface's fields, no points. */
const QUESTION_KEYS = [
  "case_study_id",
  "exam_id",
  "explanation",
  "external_id",
  "id",
  "properties",
  "question",
  "type",
];
const ANSWER_KEYS = ["answer", "id", "is_correct", "old_id", "order"];

let t: TestApp;
let u: TestUser;
let examId: number;
let caseStudyId: number;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
  examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
  caseStudyId = ok(
    await u.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Branch office", description: "<p>A small office.</p>" },
    }),
  ).case_study.id;
});
afterAll(() => t.close());

const twoAnswers = () => [
  { answer: "<p>Yes</p>", is_correct: true },
  { answer: "<p>No</p>", is_correct: false },
];

/** A valid create params object for `type`, with overrides of the question object. */
function paramsFor(
  type: 1 | 2 | 6 | 7,
  question: Record<string, unknown> = {},
  answers?: unknown[],
): Record<string, unknown> {
  const base = { exam_id: examId, question: `<p>Question of type ${type}</p>`, type, ...question };
  if (type === 7) {
    return {
      question: { properties: { text_similarity: 80, text_answer: [{ value: "Paris" }] }, ...base },
      ...(answers ? { answers } : {}),
    };
  }
  const all =
    type === 6
      ? [
          { answer: "<p>First</p>", is_correct: true, order: 1 },
          { answer: "<p>Second</p>", is_correct: true, order: 2 },
        ]
      : twoAnswers();
  return { question: base, answers: answers ?? all };
}

async function createQuestion(params: Record<string, unknown>) {
  return ok(await u.call("exam.questionCreate", params));
}

function expectInvalid(reply: Reply<unknown>, expected: { code: string; path: string }[]) {
  expectError(reply, -32602, expected);
  // The plain-string list carries the same problems, each prefixed with its path.
  for (const e of expected) expect(reply.errors?.some((s) => s.startsWith(`${e.path}: `))).toBe(true);
}

/** questionCreate with `params` is -32602 with `expected`, and stores nothing. */
async function expectCreateRefused(params: Record<string, unknown>, expected: { code: string; path: string }[]) {
  expectInvalid(await expectNothingChanged(t, u, () => u.call("exam.questionCreate", params)), expected);
}

// ---------------------------------------------------------------------------------------------

describe("type 1 single choice: every field, read back three ways", () => {
  it("stores every field, answers its own shape and reads back with questionGet", async () => {
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        question: "<p>Which port does <strong>HTTPS</strong> use?</p>",
        explanation: "<p>TLS listens on 443.</p>",
        type: 1,
        case_study_id: caseStudyId,
        external_id: "choice-full-1",
        points: 3,
        properties: {},
      },
      answers: [
        { old_id: 11, answer: "<p>80</p>", is_correct: false, order: 2, points: -1 },
        { old_id: "b-2", answer: "<p>443</p>", is_correct: true, order: 1, points: 2 },
        { old_id: "33", answer: "<p>8080</p>", order: 3 },
      ],
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(reply.warning_details).toEqual([]);
    expect(result.completed).toBe(true);

    const q = result.question;
    expect(Object.keys(q).sort()).toEqual(QUESTION_KEYS);
    expect(q).toEqual({
      id: expect.any(Number),
      exam_id: examId,
      question: "<p>Which port does <strong>HTTPS</strong> use?</p>",
      explanation: "<p>TLS listens on 443.</p>",
      type: 1,
      case_study_id: caseStudyId,
      external_id: "choice-full-1",
      properties: {},
    });

    // Sorted by order; old_id echoed with its JSON type; ids issued; no points in the response.
    for (const a of result.answers) expect(Object.keys(a).sort()).toEqual(ANSWER_KEYS);
    expect(result.answers.map((a) => [a.old_id, a.answer, a.is_correct, a.order])).toEqual([
      ["b-2", "<p>443</p>", true, 1],
      [11, "<p>80</p>", false, 2],
      ["33", "<p>8080</p>", false, 3],
    ]);
    expect(typeof result.answers[1]?.old_id).toBe("number");
    expect(typeof result.answers[2]?.old_id).toBe("string");
    const ids = result.answers.map((a) => a.id);
    for (const id of ids) expect(Number.isInteger(id)).toBe(true);
    expect(new Set(ids).size).toBe(3);

    const get = ok(await u.call("exam.questionGet", { id: q.id }));
    // questionGet adds the read-only extension fields (contract 3, 15.1 point 3).
    expect(get.question).toEqual({ ...q, points: 3, domain_id: null, tags: [], scenarios: [], copied_from: null });
    expect(get.answers).toEqual(result.answers.map((a, i) => ({ ...a, points: [2, -1, 0][i] })));

    const row = (await questionRow(t.db, q.id))!;
    expect(row).toMatchObject({
      examId,
      type: 1,
      question: q.question,
      explanation: q.explanation,
      caseStudyId,
      externalId: "choice-full-1",
      points: 3,
      properties: {},
    });
    const rows = await answerRows(t.db, q.id);
    expect(rows.map((a) => [a.id, a.oldId, a.answer, a.isCorrect, a.order, a.points])).toEqual([
      [ids[0], "b-2", "<p>443</p>", true, 1, 2],
      [ids[1], 11, "<p>80</p>", false, 2, -1],
      [ids[2], "33", "<p>8080</p>", false, 3, 0],
    ]);
  });

  it('defaults: explanation "", case_study_id and external_id null, points 1, order = array position, old_id null', async () => {
    const result = await createQuestion({
      question: { exam_id: examId, question: "<p>Pick one</p>", type: 1 },
      answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
    });
    expect(result.question).toMatchObject({ explanation: "", case_study_id: null, external_id: null, properties: {} });
    expect(result.answers.map((a) => [a.old_id, a.order, a.is_correct])).toEqual([
      [null, 1, true],
      [null, 2, false],
    ]);
    const get = ok(await u.call("exam.questionGet", { id: result.question.id }));
    expect(get.question.points).toBe(1);
    expect(get.answers.map((a) => a.points)).toEqual([0, 0]);
    expect((await questionRow(t.db, result.question.id))!.points).toBe(1);
  });

  it("more than one correct answer is an error at the extra one, and nothing is stored", async () => {
    await expectCreateRefused(
      {
        question: { exam_id: examId, question: "<p>Q</p>", type: 1 },
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
          { answer: "<p>C</p>", is_correct: true },
        ],
      },
      [
        { code: "too_many_correct", path: "answers[1].is_correct" },
        { code: "too_many_correct", path: "answers[2].is_correct" },
      ],
    );
  });

  it("the same on update: the stored question and answers stay as they were", async () => {
    const created = await createQuestion(paramsFor(1));
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", {
        question: { id: created.question.id, exam_id: examId, question: "<p>Q</p>", type: 1 },
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
        ],
      }),
    );
    expectInvalid(reply, [{ code: "too_many_correct", path: "answers[1].is_correct" }]);
  });

  it("no correct answer is accepted with a warning", async () => {
    const reply = await u.call(
      "exam.questionCreate",
      paramsFor(1, {}, [{ answer: "<p>A</p>" }, { answer: "<p>B</p>", is_correct: false }]),
    );
    const result = ok(reply);
    expect(reply.warning_details).toEqual([expect.objectContaining({ code: "no_correct_answer", path: "answers" })]);
    expect(reply.warnings[0]).toMatch(/^answers: no answer is marked correct/);
    expect((await answerRows(t.db, result.question.id)).map((a) => a.isCorrect)).toEqual([false, false]);
    // The warning is kept on the question for lists and the ready check.
    expect((await questionRow(t.db, result.question.id))!.warnings).toEqual([
      expect.objectContaining({ code: "no_correct_answer" }),
    ]);
  });
});

describe("type 2 multiple choice", () => {
  it("stores every field; several correct answers give no warning", async () => {
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        question: "<p>Which are private ranges?</p>",
        explanation: "<p>RFC 1918.</p>",
        type: 2,
        case_study_id: caseStudyId,
        external_id: "choice-full-2",
        points: 4,
        properties: {},
      },
      answers: [
        { old_id: 1, answer: "<p>10.0.0.0/8</p>", is_correct: true, points: 1 },
        { old_id: 2, answer: "<p>8.8.8.0/24</p>", is_correct: false, points: -2 },
        { old_id: 3, answer: "<p>192.168.0.0/16</p>", is_correct: true, points: 1 },
      ],
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(Object.keys(result.question).sort()).toEqual(QUESTION_KEYS);
    expect(result.question).toMatchObject({
      type: 2,
      case_study_id: caseStudyId,
      external_id: "choice-full-2",
      explanation: "<p>RFC 1918.</p>",
    });
    expect(result.answers.map((a) => [a.old_id, a.is_correct, a.order])).toEqual([
      [1, true, 1],
      [2, false, 2],
      [3, true, 3],
    ]);
    const get = ok(await u.call("exam.questionGet", { id: result.question.id }));
    expect(get.question.points).toBe(4);
    expect(get.answers.map((a) => a.points)).toEqual([1, -2, 1]);
    const rows = await answerRows(t.db, result.question.id);
    expect(rows.map((a) => [a.id, a.oldId, a.isCorrect, a.points])).toEqual(
      result.answers.map((a, i) => [a.id, a.old_id, a.is_correct, [1, -2, 1][i]]),
    );
    expect((await questionRow(t.db, result.question.id))!.points).toBe(4);
  });

  it("exactly one correct answer is accepted with a warning (more than one is expected)", async () => {
    const reply = await u.call("exam.questionCreate", paramsFor(2));
    ok(reply);
    expect(warningCodes(reply)).toEqual(["single_correct_answer"]);
    expect(reply.warnings[0]).toMatch(/^answers: /);
  });

  it("no correct answer is accepted with a warning", async () => {
    const reply = await u.call(
      "exam.questionCreate",
      paramsFor(2, {}, [{ answer: "<p>A</p>" }, { answer: "<p>B</p>" }]),
    );
    ok(reply);
    expect(warningCodes(reply)).toEqual(["no_correct_answer"]);
  });
});

describe("answers are re-created on every call (interface 3.1 rule 3)", () => {
  it("every update issues new answer ids, replaces the set and echoes old_id", async () => {
    const created = await createQuestion(
      paramsFor(1, {}, [
        { old_id: 7, answer: "<p>A</p>", is_correct: true },
        { old_id: "x", answer: "<p>B</p>" },
      ]),
    );
    const id = created.question.id;
    const seen = new Set<number>(created.answers.map((a) => a.id));
    let previous = created.answers.map((a) => a.id);
    for (const round of [1, 2]) {
      const updated = ok(
        await u.call("exam.questionUpdate", {
          question: { id, exam_id: examId, question: "<p>Same question</p>", type: 1 },
          answers: [
            { id: previous[0], old_id: 7, answer: "<p>A</p>", is_correct: true },
            { id: previous[1], old_id: "x", answer: "<p>B</p>" },
            { old_id: 9, answer: `<p>C${round}</p>` },
          ],
        }),
      );
      expect(Object.keys(updated.question).sort()).toEqual(QUESTION_KEYS);
      const ids = updated.answers.map((a) => a.id);
      for (const a of ids) expect(seen.has(a)).toBe(false);
      for (const a of ids) seen.add(a);
      expect(updated.answers.map((a) => a.old_id)).toEqual([7, "x", 9]);
      const rows = await answerRows(t.db, id);
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.map((r) => r.answer)).toEqual(["<p>A</p>", "<p>B</p>", `<p>C${round}</p>`]);
      previous = ids;
    }
  });

  it("an update with fewer answers leaves only those", async () => {
    const created = await createQuestion(
      paramsFor(2, {}, [
        { answer: "<p>A</p>", is_correct: true },
        { answer: "<p>B</p>", is_correct: true },
        { answer: "<p>C</p>" },
      ]),
    );
    ok(
      await u.call("exam.questionUpdate", {
        question: { id: created.question.id, exam_id: examId, question: "<p>Q</p>", type: 2 },
        answers: [
          { answer: "<p>Only A</p>", is_correct: true },
          { answer: "<p>Only B</p>", is_correct: true },
        ],
      }),
    );
    expect((await answerRows(t.db, created.question.id)).map((r) => r.answer)).toEqual([
      "<p>Only A</p>",
      "<p>Only B</p>",
    ]);
  });

  it("old_id of 64 characters is accepted, 65 is refused", async () => {
    ok(
      await u.call(
        "exam.questionCreate",
        paramsFor(1, {}, [{ old_id: "k".repeat(64), answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }]),
      ),
    );
    await expectCreateRefused(
      paramsFor(1, {}, [{ old_id: "k".repeat(65), answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }]),
      [{ code: "too_long", path: "answers[0].old_id" }],
    );
  });

  it("old_id strings that look like other JSON values stay strings (and numbers stay numbers)", async () => {
    const oldIds = ["33", "true", "null", "[1]", "{}", 0, 2147483647];
    const created = await createQuestion(
      paramsFor(
        2,
        {},
        oldIds.map((old_id, i) => ({ old_id, answer: `<p>A${i}</p>`, is_correct: i < 2 })),
      ),
    );
    expect(created.answers.map((a) => a.old_id)).toEqual(oldIds);
    const get = ok(await u.call("exam.questionGet", { id: created.question.id }));
    expect(get.answers.map((a) => a.old_id)).toEqual(oldIds);
    expect((await answerRows(t.db, created.question.id)).map((a) => a.oldId)).toEqual(oldIds);
    const list = ok(await u.call("exam.questionList", { exam_id: examId, limit: 200 }));
    const listed = list.questions.find((q) => q.id === created.question.id);
    expect(listed?.answers.map((a) => a.old_id)).toEqual(oldIds);
  });
});

describe("interface errors rule 1: answers are required for types 1, 2 and 6", () => {
  const cases = [1, 2, 6].flatMap((type) => [
    { type, label: "omitted", answers: undefined },
    { type, label: "empty", answers: [] },
  ]);

  it.each(cases)("type $type, answers $label: create is rejected", async ({ type, answers }) => {
    const params = paramsFor(type as 1 | 2 | 6);
    if (answers === undefined) delete params.answers;
    else params.answers = answers;
    await expectCreateRefused(params, [{ code: "answers_required", path: "answers" }]);
  });

  it.each(cases)(
    "type $type, answers $label: update is rejected and the stored answers stay",
    async ({ type, answers }) => {
      const created = await createQuestion(paramsFor(type as 1 | 2 | 6));
      const params = paramsFor(type as 1 | 2 | 6, { id: created.question.id });
      if (answers === undefined) delete params.answers;
      else params.answers = answers;
      const reply = await expectNothingChanged(t, u, () => u.call("exam.questionUpdate", params));
      expectInvalid(reply, [{ code: "answers_required", path: "answers" }]);
      expect((await answerRows(t.db, created.question.id)).map((a) => a.id)).toEqual(created.answers.map((a) => a.id));
    },
  );
});

describe("interface errors rule 2: one answer is accepted with a warning", () => {
  const one = {
    1: { answer: "<p>Only</p>", is_correct: true },
    2: { answer: "<p>Only</p>", is_correct: true },
    6: { answer: "<p>Only</p>", is_correct: true, order: 1 },
  };

  it.each([1, 2, 6] as const)("type %i on create and on update", async (type) => {
    const reply = await u.call("exam.questionCreate", paramsFor(type, {}, [one[type]]));
    const result = ok(reply);
    expect(reply.warnings).toContain("answers: only one answer was given; at least two are recommended");
    expect(reply.warning_details).toContainEqual(expect.objectContaining({ code: "answers_single", path: "answers" }));
    expect(await answerRows(t.db, result.question.id)).toHaveLength(1);

    const update = await u.call("exam.questionUpdate", paramsFor(type, { id: result.question.id }, [one[type]]));
    ok(update);
    expect(update.warnings.some((w: string) => w.startsWith("answers: only one answer"))).toBe(true);
  });
});

describe("answer order", () => {
  it("order below 1, or used twice (explicitly or by array position), is an error", async () => {
    await expectCreateRefused(
      paramsFor(1, {}, [{ answer: "<p>A</p>", order: 0, is_correct: true }, { answer: "<p>B</p>" }]),
      [{ code: "too_small", path: "answers[0].order" }],
    );
    await expectCreateRefused(
      paramsFor(2, {}, [
        { answer: "<p>A</p>", order: 2, is_correct: true },
        { answer: "<p>B</p>", order: 2, is_correct: true },
      ]),
      [{ code: "duplicate_order", path: "answers[1].order" }],
    );
    // The second answer has no order, so it takes its position (2), which the first one has.
    await expectCreateRefused(
      paramsFor(1, {}, [{ answer: "<p>A</p>", order: 2, is_correct: true }, { answer: "<p>B</p>" }]),
      [{ code: "duplicate_order", path: "answers[1].order" }],
    );
  });
});

describe("type 6 sort", () => {
  it("stores every field; answers come back in sequence order", async () => {
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        question: "<p>Order the OSI layers from the bottom</p>",
        explanation: "<p>Please Do Not Throw…</p>",
        type: 6,
        case_study_id: caseStudyId,
        external_id: "sort-full",
        points: 2,
        properties: { optional_answers: false },
      },
      answers: [
        { old_id: "n", answer: "<p>Network</p>", is_correct: true, order: 3, points: 1 },
        { old_id: "p", answer: "<p>Physical</p>", is_correct: true, order: 1 },
        { old_id: "d", answer: "<p>Data link</p>", is_correct: true, order: 2 },
      ],
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result.question.properties).toEqual({ optional_answers: false });
    expect(result.answers.map((a) => [a.old_id, a.order])).toEqual([
      ["p", 1],
      ["d", 2],
      ["n", 3],
    ]);
    const row = (await questionRow(t.db, result.question.id))!;
    expect(row.properties).toEqual({ optional_answers: false });
    expect(row.externalId).toBe("sort-full");
    expect((await answerRows(t.db, result.question.id)).map((a) => [a.answer, a.order, a.points])).toEqual([
      ["<p>Physical</p>", 1, 0],
      ["<p>Data link</p>", 2, 0],
      ["<p>Network</p>", 3, 1],
    ]);
  });

  it("properties left out store optional_answers false", async () => {
    const result = await createQuestion(paramsFor(6));
    expect(result.question.properties).toEqual({ optional_answers: false });
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual({ optional_answers: false });
  });

  it("unknown property keys are ignored with a warning and not stored", async () => {
    const reply = await u.call(
      "exam.questionCreate",
      paramsFor(6, { properties: { optional_answers: false, shuffle: true } }),
    );
    const result = ok(reply);
    expect(reply.warning_details).toEqual([
      expect.objectContaining({ code: "unknown_field", path: "question.properties" }),
    ]);
    expect(reply.warnings[0]).toContain('"shuffle"');
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual({ optional_answers: false });
  });

  it("order is required on every answer and must be unique", async () => {
    await expectCreateRefused(
      paramsFor(6, {}, [
        { answer: "<p>A</p>", is_correct: true, order: 1 },
        { answer: "<p>B</p>", is_correct: true },
      ]),
      [{ code: "order_required", path: "answers[1].order" }],
    );
    await expectCreateRefused(
      paramsFor(6, {}, [
        { answer: "<p>A</p>", is_correct: true, order: 1 },
        { answer: "<p>B</p>", is_correct: true, order: 2 },
        { answer: "<p>C</p>", is_correct: true, order: 1 },
      ]),
      [{ code: "duplicate_order", path: "answers[2].order" }],
    );
  });

  it("without optional_answers every answer must be correct", async () => {
    await expectCreateRefused(
      paramsFor(6, {}, [
        { answer: "<p>A</p>", is_correct: true, order: 1 },
        { answer: "<p>B</p>", is_correct: false, order: 2 },
        { answer: "<p>C</p>", order: 3 },
      ]),
      [
        { code: "sort_answer_not_correct", path: "answers[1].is_correct" },
        { code: "sort_answer_not_correct", path: "answers[2].is_correct" },
      ],
    );
  });

  it("with optional_answers distractors may be false but still need a unique order", async () => {
    const result = await createQuestion(
      paramsFor(6, { properties: { optional_answers: true } }, [
        { answer: "<p>Second</p>", is_correct: true, order: 2 },
        { answer: "<p>Distractor</p>", is_correct: false, order: 9 },
        { answer: "<p>First</p>", is_correct: true, order: 1 },
      ]),
    );
    expect(result.question.properties).toEqual({ optional_answers: true });
    expect(result.answers.map((a) => [a.answer, a.is_correct, a.order])).toEqual([
      ["<p>First</p>", true, 1],
      ["<p>Second</p>", true, 2],
      ["<p>Distractor</p>", false, 9],
    ]);
    expect((await answerRows(t.db, result.question.id)).map((a) => [a.isCorrect, a.order])).toEqual([
      [true, 1],
      [true, 2],
      [false, 9],
    ]);

    await expectCreateRefused(
      paramsFor(6, { properties: { optional_answers: true } }, [
        { answer: "<p>A</p>", is_correct: true, order: 1 },
        { answer: "<p>D</p>", is_correct: false },
      ]),
      [{ code: "order_required", path: "answers[1].order" }],
    );

    await expectCreateRefused(
      paramsFor(6, { properties: { optional_answers: true } }, [
        { answer: "<p>A</p>", is_correct: true, order: 1 },
        { answer: "<p>D</p>", is_correct: false, order: 1 },
      ]),
      [{ code: "duplicate_order", path: "answers[1].order" }],
    );
  });

  it("with optional_answers at least one answer must be correct", async () => {
    await expectCreateRefused(
      paramsFor(6, { properties: { optional_answers: true } }, [
        { answer: "<p>A</p>", order: 1 },
        { answer: "<p>B</p>", order: 2 },
      ]),
      [{ code: "no_correct_answer", path: "answers" }],
    );
  });
});

describe("type 7 text input", () => {
  it("stores every field; the answer values are trimmed", async () => {
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: examId,
        question: "<p>Capital of France?</p>",
        explanation: "<p>Paris.</p>",
        type: 7,
        case_study_id: caseStudyId,
        external_id: "text-full",
        points: 5,
        properties: {
          text_similarity: 85,
          case_sensitive: true,
          text_answer: [{ value: "  Paris ", points: 2 }, { value: "Lutetia" }],
        },
      },
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    const properties = {
      text_similarity: 85,
      case_sensitive: true,
      text_answer: [{ value: "Paris", points: 2 }, { value: "Lutetia" }],
    };
    expect(Object.keys(result.question).sort()).toEqual(QUESTION_KEYS);
    expect(result.question).toMatchObject({
      type: 7,
      case_study_id: caseStudyId,
      external_id: "text-full",
      properties,
    });
    expect(result.answers).toEqual([]);
    const get = ok(await u.call("exam.questionGet", { id: result.question.id }));
    expect(get.question).toEqual({
      ...result.question,
      points: 5,
      domain_id: null,
      tags: [],
      scenarios: [],
      copied_from: null,
    });
    expect(get.answers).toEqual([]);
    const row = (await questionRow(t.db, result.question.id))!;
    expect(row.properties).toEqual(properties);
    expect(row.points).toBe(5);
  });

  it("case_sensitive defaults to false", async () => {
    const result = await createQuestion(paramsFor(7));
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual({
      text_similarity: 80,
      case_sensitive: false,
      text_answer: [{ value: "Paris" }],
    });
  });

  it.each([0, 100])("text_similarity %i is accepted", async (value) => {
    const result = await createQuestion(
      paramsFor(7, { properties: { text_similarity: value, text_answer: [{ value: "x" }] } }),
    );
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty("text_similarity", value);
  });

  it.each([
    { value: -1, code: "too_small" },
    { value: 101, code: "too_big" },
    { value: 50.5, code: "invalid_type" },
    { value: "80", code: "invalid_type" },
    { value: undefined, code: "required" },
  ])("text_similarity $value is refused", async ({ value, code }) => {
    await expectCreateRefused(paramsFor(7, { properties: { text_similarity: value, text_answer: [{ value: "x" }] } }), [
      { code, path: "question.properties.text_similarity" },
    ]);
  });

  it("text_answer is required and non-empty; values must be plain, non-empty text", async () => {
    await expectCreateRefused(paramsFor(7, { properties: { text_similarity: 50 } }), [
      { code: "required", path: "question.properties.text_answer" },
    ]);
    await expectCreateRefused(paramsFor(7, { properties: { text_similarity: 50, text_answer: [] } }), [
      { code: "empty", path: "question.properties.text_answer" },
    ]);
    await expectCreateRefused(
      paramsFor(7, {
        properties: {
          text_similarity: 50,
          text_answer: [{ value: "ok" }, { value: "<b>Paris</b>" }, { value: "   " }],
        },
      }),
      [
        { code: "html_not_allowed", path: "question.properties.text_answer[1].value" },
        { code: "empty", path: "question.properties.text_answer[2].value" },
      ],
    );
  });

  it("text_similarity_answer (older clients) becomes a one-entry text_answer", async () => {
    const result = await createQuestion(
      paramsFor(7, { properties: { text_similarity: 70, text_similarity_answer: " Berlin " } }),
    );
    const expected = { text_similarity: 70, case_sensitive: false, text_answer: [{ value: "Berlin" }] };
    expect(result.question.properties).toEqual(expected);
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual(expected);

    await expectCreateRefused(
      paramsFor(7, { properties: { text_similarity: 70, text_similarity_answer: "<i>Berlin</i>" } }),
      [{ code: "html_not_allowed", path: "question.properties.text_similarity_answer" }],
    );
  });

  it("answers sent for a text input question are ignored with a warning and not stored", async () => {
    const reply = await u.call("exam.questionCreate", paramsFor(7, {}, twoAnswers()));
    const result = ok(reply);
    expect(result.answers).toEqual([]);
    expect(reply.warning_details).toEqual([expect.objectContaining({ code: "answers_ignored", path: "answers" })]);
    expect(reply.warnings[0]).toMatch(/^answers: /);
    expect(await answerRows(t.db, result.question.id)).toEqual([]);

    const update = await u.call("exam.questionUpdate", paramsFor(7, { id: result.question.id }, twoAnswers()));
    ok(update);
    // The same question again: the ignored answers are no change either.
    expect(warningCodes(update)).toEqual(["answers_ignored", "unchanged"]);
    expect(await answerRows(t.db, result.question.id)).toEqual([]);
  });

  it("changing a choice question to text input removes its answers", async () => {
    const created = await createQuestion(paramsFor(1));
    expect(await answerRows(t.db, created.question.id)).toHaveLength(2);
    ok(await u.call("exam.questionUpdate", paramsFor(7, { id: created.question.id })));
    expect(await answerRows(t.db, created.question.id)).toEqual([]);
    expect((await questionRow(t.db, created.question.id))!.type).toBe(7);
  });
});

describe("LIMIT_ANSWERS", () => {
  let small: TestApp;
  let su: TestUser;
  let smallExam: number;
  beforeAll(async () => {
    small = await createTestApp({ limits: { answers: 3 } });
    su = await small.newUser();
    smallExam = ok(await su.call("exam.examCreate", { exam: examInput() })).exam.id;
  });
  afterAll(() => small.close());

  const answersOf = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ answer: `<p>A${i}</p>`, is_correct: i === 0 }));

  it("the limit is accepted; one more is refused on create and on update, storing nothing", async () => {
    const created = ok(
      await su.call("exam.questionCreate", {
        question: { exam_id: smallExam, question: "<p>Q</p>", type: 1 },
        answers: answersOf(3),
      }),
    );
    expect(await answerRows(small.db, created.question.id)).toHaveLength(3);

    const before = await storedState(small, su);
    const tooMany = await su.call("exam.questionCreate", {
      question: { exam_id: smallExam, question: "<p>Q</p>", type: 1 },
      answers: answersOf(4),
    });
    expectInvalid(tooMany, [{ code: "too_many_answers", path: "answers" }]);
    expect(tooMany.errors?.join("\n")).toMatch(/at most 3/);
    const update = await su.call("exam.questionUpdate", {
      question: { id: created.question.id, exam_id: smallExam, question: "<p>Q</p>", type: 1 },
      answers: answersOf(4),
    });
    expectInvalid(update, [{ code: "too_many_answers", path: "answers" }]);
    expect(await storedState(small, su)).toEqual(before);
  });
});
