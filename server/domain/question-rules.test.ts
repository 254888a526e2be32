import { describe, expect, it } from "vitest";
import type { Issue } from "../errors";
import {
  parseQuestionParams,
  propertiesSchemaByType,
  questionCreateParams,
  questionUpdateParams,
  typedQuestionPropertiesSchema,
  type AnswerInput,
} from "../schemas/question";
import { checkQuestion, normalizeTextAnswer, type QuestionRulesContext } from "./question-rules";

const ctx: QuestionRulesContext = { imageSize: null, limits: { answers: 100, textAnswers: 100 } };
const P = "question.properties";

const check = (type: number, properties: unknown, answers?: AnswerInput[], context: QuestionRulesContext = ctx) =>
  checkQuestion({ type, properties, answers }, context);

const codes = (issues: Issue[]) => issues.map((i) => [i.code, i.path]);
const pathsOf = (issues: Issue[]) => issues.map((i) => i.path);

const ans = (answer: string, is_correct = false, extra: Partial<AnswerInput> = {}): AnswerInput => ({
  answer,
  is_correct,
  ...extra,
});

// ---------------------------------------------------------------------------------------------

describe("params schema", () => {
  const minimal = { question: { exam_id: 1, question: "<p>Q</p>", type: 1 } };

  it("fills in the empty values of fields left out", () => {
    const r = parseQuestionParams("create", minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.question).toEqual({
      exam_id: 1,
      question: "<p>Q</p>",
      type: 1,
      explanation: "",
      case_study_id: null,
      external_id: null,
      points: 1,
      properties: {},
    });
    expect(r.warnings).toEqual([]);
  });

  it("update is total: every field left out gets its empty value, and id is required", () => {
    const r = questionUpdateParams.safeParse({ question: { id: 9, exam_id: 1, question: "q", type: 3 } });
    expect(r.success && r.data.question).toEqual({
      id: 9,
      exam_id: 1,
      question: "q",
      type: 3,
      explanation: "",
      case_study_id: null,
      external_id: null,
      points: 1,
      properties: {},
    });
    const missingId = parseQuestionParams("update", minimal);
    expect(missingId.ok).toBe(false);
    if (!missingId.ok) expect(codes(missingId.issues)).toEqual([["required", "question.id"]]);
  });

  it("types are strict: a number sent as a string is an error, never converted", () => {
    const r = parseQuestionParams("create", {
      question: { exam_id: "1", question: "q", type: "2", points: "1", case_study_id: "4" },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(codes(r.issues)).toEqual([
      ["invalid_type", "question.exam_id"],
      ["invalid_type", "question.type"],
      ["invalid_type", "question.case_study_id"],
      ["invalid_type", "question.points"],
    ]);
  });

  it("type is 1 to 7, and the message lists them", () => {
    for (const type of [0, 8, 2.5]) {
      const r = parseQuestionParams("create", { question: { ...minimal.question, type } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(pathsOf(r.issues)).toEqual(["question.type"]);
    }
    const r = parseQuestionParams("create", { question: { ...minimal.question, type: 8 } });
    if (!r.ok) expect(r.issues[0]!.message).toMatch(/1 to 7 .*7 text input.*got the number 8/);
  });

  it("points is an integer ≥ 0", () => {
    expect(parseQuestionParams("create", { question: { ...minimal.question, points: 0 } }).ok).toBe(true);
    for (const points of [-1, 1.5]) {
      const r = parseQuestionParams("create", { question: { ...minimal.question, points } });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(pathsOf(r.issues)).toEqual(["question.points"]);
    }
  });

  it("question is a required string; explanation a string", () => {
    const r = parseQuestionParams("create", { question: { exam_id: 1, type: 1, explanation: null } });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(codes(r.issues)).toEqual([
        ["required", "question.question"],
        ["invalid_type", "question.explanation"],
      ]);
  });

  it("test_id is accepted as an alias of exam_id", () => {
    const r = parseQuestionParams("create", { question: { test_id: 7, question: "q", type: 1 } });
    expect(r.ok && r.data.question.exam_id).toBe(7);
    expect(r.ok && "test_id" in r.data.question).toBe(false);
    const same = parseQuestionParams("create", { question: { exam_id: 7, test_id: 7, question: "q", type: 1 } });
    expect(same.ok && same.data.question.exam_id).toBe(7);
  });

  it("exam_id and test_id with different values is an error at question.test_id", () => {
    const r = parseQuestionParams("create", { question: { exam_id: 7, test_id: 8, question: "q", type: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(codes(r.issues)).toEqual([["conflict", "question.test_id"]]);
      expect(r.issues[0]!.message).toMatch(/exam_id 7, test_id 8/);
    }
  });

  it("exam_id (or test_id) is required", () => {
    const r = parseQuestionParams("create", { question: { question: "q", type: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(codes(r.issues)).toEqual([["required", "question.exam_id"]]);
  });

  it("external_id is a string of at most 255 characters or null; an empty string is none", () => {
    const at = (external_id: unknown) =>
      parseQuestionParams("create", { question: { ...minimal.question, external_id } });
    const ok = at("x".repeat(255));
    expect(ok.ok && ok.data.question.external_id).toBe("x".repeat(255));
    const none = at(null);
    expect(none.ok && none.data.question.external_id).toBeNull();
    const empty = at("");
    expect(empty.ok && empty.data.question.external_id).toBeNull();
    const long = at("x".repeat(256));
    expect(!long.ok && codes(long.issues)).toEqual([["too_long", "question.external_id"]]);
    const num = at(12);
    expect(!num.ok && codes(num.issues)).toEqual([["invalid_type", "question.external_id"]]);
  });

  it("case_study_id is an integer or null", () => {
    const r = parseQuestionParams("create", { question: { ...minimal.question, case_study_id: 3 } });
    expect(r.ok && r.data.question.case_study_id).toBe(3);
    const n = parseQuestionParams("create", { question: { ...minimal.question, case_study_id: null } });
    expect(n.ok && n.data.question.case_study_id).toBeNull();
  });

  it("properties is an object", () => {
    for (const properties of [[], "x", null]) {
      const r = parseQuestionParams("create", { question: { ...minimal.question, properties } });
      expect(!r.ok && codes(r.issues)).toEqual([["invalid_type", "question.properties"]]);
    }
  });

  it("unknown keys in question are a warning naming them", () => {
    const r = parseQuestionParams("create", { question: { ...minimal.question, tittle: "x", answer: [] } });
    expect(r.ok).toBe(true);
    expect(codes(r.warnings)).toEqual([["unknown_field", "question"]]);
    expect(r.warnings[0]!.message).toMatch(/"tittle", "answer"/);
  });

  it("id on create is ignored with a warning; on update it is known", () => {
    const c = parseQuestionParams("create", { question: { ...minimal.question, id: 4 } });
    expect(c.ok && "id" in c.data.question).toBe(false);
    expect(codes(c.warnings)).toEqual([["unknown_field", "question.id"]]);
    const u = parseQuestionParams("update", { question: { ...minimal.question, id: 4 } });
    expect(u.warnings).toEqual([]);
  });

  it("unknown keys in an answer and in params are warnings", () => {
    const r = parseQuestionParams("create", { ...minimal, answers: [{ answer: "a", correct: true }], answerz: [] });
    expect(r.ok).toBe(true);
    expect(codes(r.warnings)).toEqual([
      ["unknown_field", ""],
      ["unknown_field", "answers[0]"],
    ]);
    expect(r.warnings[1]!.message).toMatch(/"correct"/);
  });

  describe("answers", () => {
    const withAnswers = (answers: unknown) => parseQuestionParams("create", { ...minimal, answers });

    it("fills is_correct with false and keeps old_id's JSON type", () => {
      const r = withAnswers([
        { answer: "a", old_id: 5 },
        { answer: "b", old_id: "x-5", is_correct: true, id: 99 },
      ]);
      expect(r.ok && r.data.answers).toEqual([
        { answer: "a", old_id: 5, is_correct: false },
        { answer: "b", old_id: "x-5", is_correct: true, id: 99 },
      ]);
    });

    it("old_id may be null (none)", () => {
      const r = withAnswers([{ answer: "a", old_id: null }]);
      expect(r.ok && r.data.answers?.[0]?.old_id).toBeNull();
    });

    it("old_id is an integer or a string of at most 64 characters", () => {
      expect(withAnswers([{ answer: "a", old_id: "x".repeat(64) }]).ok).toBe(true);
      const long = withAnswers([{ answer: "a", old_id: "x".repeat(65) }]);
      expect(!long.ok && codes(long.issues)).toEqual([["too_long", "answers[0].old_id"]]);
      const bool = withAnswers([{ answer: "a", old_id: true }]);
      expect(!bool.ok && bool.issues[0]!.message).toMatch(/integer or a string of at most 64/);
      const frac = withAnswers([{ answer: "a", old_id: 1.5 }]);
      expect(frac.ok).toBe(false);
    });

    it("answer is a required string, is_correct a boolean, order an integer ≥ 1, points any integer", () => {
      const r = withAnswers([
        { is_correct: "true", order: 0, points: 1.5 },
        { answer: "ok", points: -3, order: 2 },
      ]);
      expect(!r.ok && codes(r.issues)).toEqual([
        ["required", "answers[0].answer"],
        ["invalid_type", "answers[0].is_correct"],
        ["too_small", "answers[0].order"],
        ["invalid_type", "answers[0].points"],
      ]);
    });

    it("answers is an array", () => {
      const r = withAnswers({ 0: { answer: "a" } });
      expect(!r.ok && codes(r.issues)).toEqual([["invalid_type", "answers"]]);
    });
  });

  it("resources maps strings to strings", () => {
    expect(parseQuestionParams("create", { ...minimal, resources: { "a.png": "iVBORw0=" } }).ok).toBe(true);
    const r = parseQuestionParams("create", { ...minimal, resources: { "a.png": 5 } });
    expect(!r.ok && codes(r.issues)).toEqual([["invalid_type", 'resources["a.png"]']]);
  });

  it("reports every problem of a bad request together", () => {
    const r = parseQuestionParams("update", {
      question: { id: "1", exam_id: 1, test_id: 2, question: 5, type: 9, points: -1, external_id: "x".repeat(300) },
      answers: [{ answer: 1, order: -1 }],
      resources: [],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(pathsOf(r.issues).sort()).toEqual(
      [
        "question.id",
        "question.question",
        "question.type",
        "question.external_id",
        "question.points",
        "question.test_id",
        "answers[0].answer",
        "answers[0].order",
        "resources",
      ].sort(),
    );
  });

  it("create and update params schemas are exported zod schemas", () => {
    expect(questionCreateParams.safeParse({ question: { exam_id: 1, question: "q", type: 1 } }).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe("answers required (interface errors rule 1)", () => {
  it.each([
    [1, "single choice"],
    [2, "multiple choice"],
    [6, "sort"],
  ])("type %i: left out or empty is an error naming the type", (type, name) => {
    for (const answers of [undefined, []]) {
      const r = check(type, {}, answers);
      expect(codes(r.errors)).toEqual([["answers_required", "answers"]]);
      expect(r.errors[0]!.message).toBe(`answers are required for a ${name} question`);
    }
  });

  it.each([3, 4, 5, 7])("type %i: no answers needed", (type) => {
    expect(check(type, {}, undefined).errors.some((e) => e.code === "answers_required")).toBe(false);
  });
});

describe("exactly one answer (interface errors rule 2)", () => {
  it.each([1, 2])("type %i: a warning recommending two", (type) => {
    const r = check(type, {}, [ans("a", true)]);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["answers_single", "answers"]]);
    expect(r.warnings[0]!.message).toBe("only one answer was given; at least two are recommended");
  });

  it("type 6: a warning recommending two", () => {
    const r = check(6, {}, [ans("a", true, { order: 1 })]);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["answers_single", "answers"]]);
  });

  it("two answers: no warning", () => {
    expect(check(1, {}, [ans("a", true), ans("b")]).warnings).toEqual([]);
  });
});

describe("type 1 single choice", () => {
  it("exactly one correct answer is clean", () => {
    const r = check(1, {}, [ans("a"), ans("b", true), ans("c")]);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it("more than one correct answer is an error at each extra one", () => {
    const r = check(1, {}, [ans("a", true), ans("b"), ans("c", true), ans("d", true)]);
    expect(codes(r.errors)).toEqual([
      ["too_many_correct", "answers[2].is_correct"],
      ["too_many_correct", "answers[3].is_correct"],
    ]);
    expect(r.errors[0]!.message).toMatch(/only one answer .* may be correct.*answers\[0\]/);
  });

  it("no correct answer is a warning", () => {
    const r = check(1, {}, [ans("a"), ans("b")]);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["no_correct_answer", "answers"]]);
  });
});

describe("type 2 multiple choice", () => {
  it("two or more correct answers are clean", () => {
    const r = check(2, {}, [ans("a", true), ans("b", true), ans("c")]);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it("no correct answer is a warning", () => {
    expect(codes(check(2, {}, [ans("a"), ans("b")]).warnings)).toEqual([["no_correct_answer", "answers"]]);
  });

  it("exactly one correct answer is a warning (more than one is expected)", () => {
    const r = check(2, {}, [ans("a", true), ans("b")]);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["single_correct_answer", "answers"]]);
  });
});

describe("type 6 sort", () => {
  const seq = [ans("b", true, { order: 2 }), ans("a", true, { order: 1 }), ans("c", true, { order: 3 })];

  it("a full sequence is clean and comes back sorted by order", () => {
    const r = check(6, {}, seq);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.answers.map((a) => a.answer)).toEqual(["a", "b", "c"]);
    expect(r.properties).toEqual({ optional_answers: false });
  });

  it("order is required on every answer", () => {
    const r = check(6, {}, [ans("a", true, { order: 1 }), ans("b", true), ans("c", true)]);
    expect(codes(r.errors)).toEqual([
      ["order_required", "answers[1].order"],
      ["order_required", "answers[2].order"],
    ]);
  });

  it("order is unique", () => {
    const r = check(6, {}, [ans("a", true, { order: 1 }), ans("b", true, { order: 1 })]);
    expect(codes(r.errors)).toEqual([["duplicate_order", "answers[1].order"]]);
    expect(r.errors[0]!.message).toMatch(/order 1 is already used by answers\[0\]/);
  });

  it("without optional_answers every answer must be correct", () => {
    const r = check(6, { optional_answers: false }, [ans("a", true, { order: 1 }), ans("b", false, { order: 2 })]);
    expect(codes(r.errors)).toEqual([["sort_answer_not_correct", "answers[1].is_correct"]]);
    expect(r.errors[0]!.message).toMatch(/optional_answers/);
  });

  it("with optional_answers distractors may be false, and they still need a unique order", () => {
    const ok = check(6, { optional_answers: true }, [ans("a", true, { order: 1 }), ans("x", false, { order: 2 })]);
    expect(ok.errors).toEqual([]);
    expect(ok.properties).toEqual({ optional_answers: true });
    const missing = check(6, { optional_answers: true }, [ans("a", true, { order: 1 }), ans("x")]);
    expect(codes(missing.errors)).toEqual([["order_required", "answers[1].order"]]);
  });

  it("with optional_answers at least one answer must be correct", () => {
    const r = check(6, { optional_answers: true }, [ans("x", false, { order: 1 }), ans("y", false, { order: 2 })]);
    expect(codes(r.errors)).toEqual([["no_correct_answer", "answers"]]);
  });

  it("optional_answers is a boolean; unknown property keys are a warning", () => {
    const r = check(6, { optional_answers: "yes", shuffle: true }, seq);
    expect(codes(r.errors)).toEqual([["invalid_type", `${P}.optional_answers`]]);
    expect(codes(r.warnings)).toEqual([["unknown_field", P]]);
    expect(r.warnings[0]!.message).toMatch(/"shuffle"/);
  });
});

describe("answer order and normalisation (types 1, 2)", () => {
  it("a missing order is the 1-based array position", () => {
    const r = check(2, {}, [ans("a", true), ans("b", true), ans("c")]);
    expect(r.answers.map((a) => [a.answer, a.order])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ]);
  });

  it("answers come back sorted by order", () => {
    const r = check(2, {}, [
      ans("c", true, { order: 30 }),
      ans("a", true, { order: 10 }),
      ans("b", false, { order: 20 }),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.answers.map((a) => a.answer)).toEqual(["a", "b", "c"]);
  });

  it("a given order is unique", () => {
    const r = check(2, {}, [ans("a", true, { order: 2 }), ans("b", true, { order: 2 })]);
    expect(codes(r.errors)).toEqual([["duplicate_order", "answers[1].order"]]);
  });

  it("a given order may not collide with the position of an answer without one", () => {
    const r = check(2, {}, [ans("a", true, { order: 2 }), ans("b", true)]);
    expect(codes(r.errors)).toEqual([["duplicate_order", "answers[1].order"]]);
    expect(r.errors[0]!.message).toMatch(/without order takes its position/);
  });

  it("fills in old_id null, is_correct false and points 0, and keeps old_id's type", () => {
    const r = check(2, {}, [
      { answer: "a" },
      { answer: "b", old_id: "7", is_correct: true, points: -2 },
      { answer: "c", old_id: 7, is_correct: true, points: 3, id: 55 },
    ]);
    expect(r.answers).toEqual([
      { old_id: null, answer: "a", is_correct: false, order: 1, points: 0 },
      { old_id: "7", answer: "b", is_correct: true, order: 2, points: -2 },
      { old_id: 7, answer: "c", is_correct: true, order: 3, points: 3 },
    ]);
  });
});

describe("answers limit", () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ans(`a${i}`, i < 2));

  it("more answers than the limit is an error", () => {
    const r = check(2, {}, many(4), { ...ctx, limits: { answers: 3, textAnswers: 100 } });
    expect(codes(r.errors)).toEqual([["too_many_answers", "answers"]]);
    expect(r.errors[0]!.message).toMatch(/4 answers; at most 3/);
  });

  it("exactly the limit is fine, and 0 turns the limit off", () => {
    expect(check(2, {}, many(3), { ...ctx, limits: { answers: 3, textAnswers: 100 } }).errors).toEqual([]);
    expect(check(2, {}, many(300), { ...ctx, limits: { answers: 0, textAnswers: 0 } }).errors).toEqual([]);
  });
});

describe("answers sent for types 3, 4, 5, 7", () => {
  it.each([3, 4, 5, 7])("type %i: ignored with a warning and not returned", (type) => {
    const r = check(type, {}, [ans("a", true), ans("b")]);
    expect(r.warnings.filter((w) => w.code === "answers_ignored").map((w) => w.path)).toEqual(["answers"]);
    expect(r.answers).toEqual([]);
  });

  it("an empty list is no warning", () => {
    expect(check(7, { text_similarity: 80, text_answer: [{ value: "x" }] }, []).warnings).toEqual([]);
  });
});

describe("types 1 and 2 have no properties", () => {
  it("unknown property keys are a warning and dropped", () => {
    const r = check(1, { image: "a.png" }, [ans("a", true), ans("b")]);
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["unknown_field", P]]);
    expect(r.warnings[0]!.message).toMatch(/"image".*single choice question has no properties/);
    expect(r.properties).toEqual({});
  });

  it("properties that are not an object are an error", () => {
    expect(codes(check(1, [1], [ans("a", true), ans("b")]).errors)).toEqual([["invalid_type", P]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Drag & drop (type 3)

const targ = (n: number, x = 0, y = 0, w = 40, h = 20) => ({ id: `targ-${n}`, x, y, width: w, height: h, type: 1 });
const drag = (n: number, x = 0, y = 100, w = 40, h = 20) => ({ id: `drag-${n}`, x, y, width: w, height: h, type: 2 });
const dd = (over: Record<string, unknown> = {}) => ({
  image: "media/board.png",
  areas: [targ(1), targ(2, 50), drag(1), drag(2, 50)],
  options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
  match: { "targ-1": "drag-1", "targ-2": "drag-2" },
  ...over,
});

describe("type 3 drag & drop", () => {
  it("valid properties are clean and returned as given", () => {
    const r = check(3, dd({ points: { "targ-1": { "drag-1": 2, "drag-2": -1 } } }));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.properties).toEqual(dd({ points: { "targ-1": { "drag-1": 2, "drag-2": -1 } } }));
    expect(propertiesSchemaByType[3].safeParse(r.properties).success).toBe(true);
  });

  it("left-out properties (a total update without them) fail: image, areas, options and match are required", () => {
    const r = check(3, {});
    expect(codes(r.errors)).toEqual([
      ["required", `${P}.image`],
      ["required", `${P}.options`],
      ["required", `${P}.areas`],
      ["required", `${P}.match`],
    ]);
  });

  it("image is a non-empty string", () => {
    expect(codes(check(3, dd({ image: "" })).errors)).toEqual([["empty", `${P}.image`]]);
    expect(codes(check(3, dd({ image: 5 })).errors)).toEqual([["invalid_type", `${P}.image`]]);
  });

  it("areas is an array of objects", () => {
    expect(codes(check(3, dd({ areas: {} })).errors)).toEqual([["invalid_type", `${P}.areas`]]);
    const r = check(3, dd({ areas: [targ(1), "drag-1", drag(2, 50)], match: { "targ-1": "drag-2" } }));
    expect(codes(r.errors)).toEqual([["invalid_type", `${P}.areas[1]`]]);
  });

  it("options.FixedHeight, FixedWidth and OneToOneMatching are required booleans", () => {
    const r = check(3, dd({ options: { FixedHeight: "no", SingleAnswer: true } }));
    expect(codes(r.errors)).toEqual([
      ["invalid_type", `${P}.options.FixedHeight`],
      ["required", `${P}.options.FixedWidth`],
      ["required", `${P}.options.OneToOneMatching`],
    ]);
    expect(codes(r.warnings)).toEqual([["unknown_field", `${P}.options`]]);
  });

  it("area ids are targ-N / drag-N with N 1–999 and no leading zeros", () => {
    for (const id of ["targ-0", "targ-01", "targ-1000", "block-1", "target-1", "targ1"]) {
      const r = check(
        3,
        dd({ areas: [{ ...targ(1), id }, targ(2, 50), drag(1), drag(2, 50)], match: { "targ-2": "drag-2" } }),
      );
      expect(codes(r.errors)).toEqual([["invalid_format", `${P}.areas[0].id`]]);
      expect(r.errors[0]!.message).toMatch(/"targ-N" .* or "drag-N" .* N from 1 to 999 and no leading zeros/);
    }
    expect(
      check(3, dd({ areas: [{ ...targ(1), id: "targ-999" }, drag(1)], match: { "targ-999": "drag-1" } })).errors,
    ).toEqual([]);
  });

  it("a target has a targ- id and a draggable a drag- id", () => {
    const r = check(3, dd({ areas: [targ(1), targ(2, 50), drag(1), { ...drag(2, 50), type: 1 }] }));
    expect(codes(r.errors)).toEqual([["area_id_mismatch", `${P}.areas[3].id`]]);
  });

  it("area type is 1 or 2", () => {
    const r = check(3, dd({ areas: [targ(1), targ(2, 50), drag(1), { ...drag(2, 50), type: 3 }] }));
    expect(codes(r.errors)).toEqual([["invalid_value", `${P}.areas[3].type`]]);
    const { type: _left, ...untyped } = drag(2, 50);
    const missing = check(3, dd({ areas: [targ(1), targ(2, 50), drag(1), untyped] }));
    expect(codes(missing.errors)).toEqual([["required", `${P}.areas[3].type`]]);
  });

  it("area ids are unique", () => {
    const r = check(3, dd({ areas: [targ(1), targ(1, 50), drag(1), drag(2, 50)], match: { "targ-1": "drag-1" } }));
    expect(codes(r.errors)).toEqual([["duplicate_area_id", `${P}.areas[1].id`]]);
  });

  it("x and y are integers ≥ 0, width ≥ 30, height ≥ 15", () => {
    const r = check(
      3,
      dd({ areas: [{ ...targ(1), x: -1, y: 2.5 }, { ...targ(2, 50), width: 29, height: 14 }, drag(1), drag(2, 50)] }),
    );
    expect(codes(r.errors)).toEqual([
      ["too_small", `${P}.areas[0].x`],
      ["invalid_type", `${P}.areas[0].y`],
      ["too_small", `${P}.areas[1].width`],
      ["too_small", `${P}.areas[1].height`],
    ]);
    expect(r.errors[2]!.message).toMatch(/at least 30/);
    expect(r.errors[3]!.message).toMatch(/at least 15/);
    // Exactly the minimum is fine.
    expect(
      check(3, dd({ areas: [{ ...targ(1), width: 30, height: 15 }, targ(2, 50), drag(1), drag(2, 50)] })).errors,
    ).toEqual([]);
  });

  it("areas stay inside the image when its size is known", () => {
    const small = { ...ctx, imageSize: { width: 90, height: 120 } };
    expect(check(3, dd(), undefined, small).errors).toEqual([]);
    const r = check(3, dd({ areas: [targ(1), targ(2, 51), drag(1), drag(2, 50, 101)] }), undefined, small);
    expect(codes(r.errors)).toEqual([
      ["area_outside_image", `${P}.areas[1].x`],
      ["area_outside_image", `${P}.areas[3].y`],
    ]);
  });

  it("FixedWidth / FixedHeight: all areas share one size", () => {
    const fixed = { FixedHeight: true, FixedWidth: true, OneToOneMatching: true };
    expect(check(3, dd({ options: fixed })).errors).toEqual([]);
    const r = check(3, dd({ options: fixed, areas: [targ(1), targ(2, 50, 0, 45, 25), drag(1), drag(2, 50)] }));
    expect(codes(r.errors)).toEqual([
      ["area_width_not_fixed", `${P}.areas[1].width`],
      ["area_height_not_fixed", `${P}.areas[1].height`],
    ]);
  });

  it("unknown keys in properties and in an area are warnings, and dropped", () => {
    const r = check(3, dd({ areas: [{ ...targ(1), color: "red" }, targ(2, 50), drag(1), drag(2, 50)], correct: {} }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([
      ["unknown_field", P],
      ["unknown_field", `${P}.areas[0]`],
    ]);
    expect(r.properties).toEqual(dd());
  });

  it("match is required and an object", () => {
    expect(codes(check(3, dd({ match: undefined })).errors)).toEqual([["required", `${P}.match`]]);
    expect(codes(check(3, dd({ match: [] })).errors)).toEqual([["invalid_type", `${P}.match`]]);
  });

  it("match keys must be existing targets", () => {
    const r = check(
      3,
      dd({
        match: { "targ-1": "drag-1", "targ-9": "drag-2", "drag-1": "drag-2" },
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
      }),
    );
    expect(codes(r.errors)).toEqual([
      ["unknown_target", `${P}.match.targ-9`],
      ["unknown_target", `${P}.match.drag-1`],
    ]);
    expect(r.errors[0]!.message).toMatch(/no target area has the id "targ-9".*targ-1, targ-2/);
    expect(r.errors[1]!.message).toMatch(/is a draggable area/);
  });

  it("match values must be existing draggables (strings)", () => {
    const r = check(3, dd({ match: { "targ-1": "drag-7", "targ-2": "targ-1" } }));
    expect(codes(r.errors)).toEqual([
      ["unknown_draggable", `${P}.match.targ-1`],
      ["unknown_draggable", `${P}.match.targ-2`],
    ]);
    expect(r.errors[1]!.message).toMatch(/is a target area/);
    expect(codes(check(3, dd({ match: { "targ-1": 1 } })).errors)).toEqual([["invalid_type", `${P}.match.targ-1`]]);
  });

  it("OneToOneMatching: no draggable appears twice in match", () => {
    const twice = { "targ-1": "drag-1", "targ-2": "drag-1" };
    const r = check(3, dd({ match: twice }));
    expect(codes(r.errors)).toEqual([["draggable_matched_twice", `${P}.match.targ-2`]]);
    expect(r.errors[0]!.message).toMatch(/already matched to "targ-1"/);
    const free = check(
      3,
      dd({ match: twice, options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false } }),
    );
    expect(free.errors).toEqual([]);
  });

  it("an empty match is a warning", () => {
    const r = check(3, dd({ match: {} }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["match_empty", `${P}.match`]]);
  });

  it("points: target → draggable → integer, ids must exist", () => {
    const r = check(
      3,
      dd({ points: { "targ-1": { "drag-9": 1, "drag-1": 1.5 }, "targ-8": { "drag-1": 1 }, "targ-2": 3 } }),
    );
    expect(codes(r.errors).sort()).toEqual(
      [
        ["unknown_draggable", `${P}.points.targ-1.drag-9`],
        ["invalid_type", `${P}.points.targ-1.drag-1`],
        ["unknown_target", `${P}.points.targ-8`],
        ["invalid_type", `${P}.points.targ-2`],
      ].sort(),
    );
  });

  it("one broken area does not cascade into match errors", () => {
    const r = check(3, dd({ areas: [targ(1), targ(2, 50), { ...drag(1), x: -5 }, drag(2, 50)] }));
    expect(codes(r.errors)).toEqual([["too_small", `${P}.areas[2].x`]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Point & shoot (4), hot area (5)

const block = (n: number, x = 0, y = 0, w = 40, h = 20) => ({ id: `block-${n}`, x, y, width: w, height: h });
const pb = (over: Record<string, unknown> = {}) => ({
  image: "media/map.png",
  areas: [block(1), block(2, 50), block(3, 100)],
  options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
  correct: { "block-1": true, "block-2": false },
  ...over,
});

describe.each([4, 5])("type %i image areas", (type) => {
  it("valid properties are clean and returned as given", () => {
    const r = check(type, pb({ points: { "block-1": 2, "block-3": -1 } }));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.properties).toEqual(pb({ points: { "block-1": 2, "block-3": -1 } }));
    expect(typedQuestionPropertiesSchema.safeParse({ type, properties: r.properties }).success).toBe(true);
  });

  it("left-out properties fail: image, areas, options and correct are required", () => {
    expect(codes(check(type, {}).errors)).toEqual([
      ["required", `${P}.image`],
      ["required", `${P}.options`],
      ["required", `${P}.areas`],
      ["required", `${P}.correct`],
    ]);
  });

  it("area ids are block-N", () => {
    // correct refers to block-1 and block-2; the refused ids are not reported again there.
    const r = check(
      type,
      pb({
        areas: [block(1), { ...block(2, 50), id: "targ-2" }, { ...block(3, 100), id: "block-007" }],
        correct: { "block-1": true, "targ-2": true, "block-007": false },
      }),
    );
    expect(codes(r.errors)).toEqual([
      ["invalid_format", `${P}.areas[1].id`],
      ["invalid_format", `${P}.areas[2].id`],
    ]);
    expect(r.errors[0]!.message).toMatch(/"block-N" with N from 1 to 999/);
  });

  it("area ids are unique", () => {
    const r = check(type, pb({ areas: [block(1), block(2, 50), block(2, 100)] }));
    expect(codes(r.errors)).toEqual([["duplicate_area_id", `${P}.areas[2].id`]]);
  });

  it("geometry: x, y ≥ 0, width ≥ 30, height ≥ 15, inside the image", () => {
    const r = check(
      type,
      pb({ areas: [{ ...block(1), y: -3 }, { ...block(2, 50), height: 10 }, block(3, 180)] }),
      undefined,
      { ...ctx, imageSize: { width: 200, height: 100 } },
    );
    expect(codes(r.errors)).toEqual([
      ["too_small", `${P}.areas[0].y`],
      ["too_small", `${P}.areas[1].height`],
      ["area_outside_image", `${P}.areas[2].x`],
    ]);
  });

  it("FixedWidth: all areas share one width", () => {
    const r = check(
      type,
      pb({
        options: { FixedHeight: false, FixedWidth: true, SingleAnswer: false },
        areas: [block(1), block(2, 50, 0, 60)],
      }),
    );
    expect(codes(r.errors)).toEqual([["area_width_not_fixed", `${P}.areas[1].width`]]);
  });

  it("an area `type` key is unknown for this type (warning)", () => {
    const r = check(type, pb({ areas: [{ ...block(1), type: 1 }, block(2, 50), block(3, 100)] }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["unknown_field", `${P}.areas[0]`]]);
  });

  it("options.SingleAnswer is required; OneToOneMatching is unknown here", () => {
    const r = check(type, pb({ options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true } }));
    expect(codes(r.errors)).toEqual([["required", `${P}.options.SingleAnswer`]]);
    expect(codes(r.warnings)).toEqual([["unknown_field", `${P}.options`]]);
  });

  it("correct keys must be existing areas, values Booleans", () => {
    const r = check(type, pb({ correct: { "block-1": true, "block-9": true, "block-2": "yes" } }));
    expect(codes(r.errors)).toEqual(
      [
        ["invalid_type", `${P}.correct.block-2`],
        ["unknown_area", `${P}.correct.block-9`],
      ].sort((a, b) => (a[1]! < b[1]! ? -1 : 1)),
    );
  });

  it("SingleAnswer: at most one area is correct", () => {
    const single = { FixedHeight: false, FixedWidth: false, SingleAnswer: true };
    expect(check(type, pb({ options: single })).errors).toEqual([]);
    const r = check(type, pb({ options: single, correct: { "block-1": true, "block-2": true, "block-3": true } }));
    expect(codes(r.errors)).toEqual([
      ["too_many_correct", `${P}.correct.block-2`],
      ["too_many_correct", `${P}.correct.block-3`],
    ]);
    expect(r.errors[0]!.message).toMatch(/"block-1" is already marked correct.*SingleAnswer/);
    expect(check(type, pb({ correct: { "block-1": true, "block-2": true } })).errors).toEqual([]);
  });

  it("no area marked correct is a warning", () => {
    for (const correct of [{}, { "block-1": false }]) {
      const r = check(type, pb({ correct }));
      expect(r.errors).toEqual([]);
      expect(codes(r.warnings)).toEqual([["no_correct_area", `${P}.correct`]]);
    }
  });

  it("points keys must be existing areas, values integers", () => {
    const r = check(type, pb({ points: { "block-1": 1, "block-8": 2, "block-2": "3" } }));
    expect(codes(r.errors).sort()).toEqual(
      [
        ["unknown_area", `${P}.points.block-8`],
        ["invalid_type", `${P}.points.block-2`],
      ].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Text input (type 7)

const ti = (over: Record<string, unknown> = {}) => ({
  text_similarity: 80,
  case_sensitive: false,
  text_answer: [{ value: "Paris", points: 2 }, { value: "Lutetia" }],
  ...over,
});

describe("type 7 text input", () => {
  it("valid properties are clean and returned", () => {
    const r = check(7, ti());
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.properties).toEqual(ti());
    expect(r.answers).toEqual([]);
  });

  it("text_similarity is a required integer from 0 to 100", () => {
    expect(check(7, ti({ text_similarity: 0 })).errors).toEqual([]);
    expect(check(7, ti({ text_similarity: 100 })).errors).toEqual([]);
    expect(codes(check(7, ti({ text_similarity: undefined })).errors)).toEqual([["required", `${P}.text_similarity`]]);
    expect(codes(check(7, ti({ text_similarity: 101 })).errors)).toEqual([["too_big", `${P}.text_similarity`]]);
    expect(codes(check(7, ti({ text_similarity: -1 })).errors)).toEqual([["too_small", `${P}.text_similarity`]]);
    expect(codes(check(7, ti({ text_similarity: 50.5 })).errors)).toEqual([["invalid_type", `${P}.text_similarity`]]);
    expect(check(7, ti({ text_similarity: 101 })).errors[0]!.message).toMatch(/at most 100/);
  });

  it("case_sensitive defaults to false and is a boolean", () => {
    expect(check(7, ti({ case_sensitive: undefined })).properties).toMatchObject({ case_sensitive: false });
    expect(codes(check(7, ti({ case_sensitive: 1 })).errors)).toEqual([["invalid_type", `${P}.case_sensitive`]]);
  });

  it("text_answer is required and non-empty", () => {
    expect(codes(check(7, ti({ text_answer: undefined })).errors)).toEqual([["required", `${P}.text_answer`]]);
    expect(codes(check(7, ti({ text_answer: [] })).errors)).toEqual([["empty", `${P}.text_answer`]]);
    expect(codes(check(7, ti({ text_answer: "Paris" })).errors)).toEqual([["invalid_type", `${P}.text_answer`]]);
  });

  it("values are trimmed, must not be empty, and points are integers", () => {
    const r = check(
      7,
      ti({ text_answer: [{ value: "  Paris  " }, { value: "   " }, { value: "Rome", points: 1.5 }, { points: 1 }] }),
    );
    expect(codes(r.errors)).toEqual([
      ["empty", `${P}.text_answer[1].value`],
      ["invalid_type", `${P}.text_answer[2].points`],
      ["required", `${P}.text_answer[3].value`],
    ]);
    expect(check(7, ti({ text_answer: [{ value: "  Paris  " }] })).properties).toMatchObject({
      text_answer: [{ value: "Paris" }],
    });
  });

  it("values are plain text, not HTML", () => {
    const r = check(7, ti({ text_answer: [{ value: "<b>Paris</b>" }, { value: "a < b" }, { value: "x<!-- y -->" }] }));
    expect(codes(r.errors)).toEqual([
      ["html_not_allowed", `${P}.text_answer[0].value`],
      ["html_not_allowed", `${P}.text_answer[2].value`],
    ]);
    expect(r.errors[0]!.message).toMatch(/plain text/);
  });

  it("duplicates after trimming, collapsing spaces and lower-casing are a warning", () => {
    const r = check(7, ti({ text_answer: [{ value: "New York" }, { value: " new   york " }, { value: "NYC" }] }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["duplicate_text_answer", `${P}.text_answer[1].value`]]);
    expect(r.warnings[0]!.message).toContain(`${P}.text_answer[0].value`);
  });

  it("with case_sensitive, values differing in case are not duplicates", () => {
    const values = [{ value: "Apple" }, { value: "apple" }, { value: "APPLE" }];
    expect(check(7, ti({ case_sensitive: true, text_answer: values })).warnings).toEqual([]);
    expect(
      codes(check(7, ti({ case_sensitive: true, text_answer: [{ value: "Apple" }, { value: "Apple " }] })).warnings),
    ).toEqual([["duplicate_text_answer", `${P}.text_answer[1].value`]]);
    expect(check(7, ti({ text_answer: values })).warnings).toHaveLength(2);
  });

  it("more entries than the limit is an error", () => {
    const limited = { ...ctx, limits: { answers: 100, textAnswers: 2 } };
    const r = check(7, ti({ text_answer: [{ value: "a" }, { value: "b" }, { value: "c" }] }), undefined, limited);
    expect(codes(r.errors)).toEqual([["too_many_text_answers", `${P}.text_answer`]]);
    expect(check(7, ti(), undefined, limited).errors).toEqual([]);
  });

  it("the older text_similarity_answer string is accepted as a one-entry text_answer", () => {
    const r = check(7, { text_similarity: 90, text_similarity_answer: " Paris " });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.properties).toEqual({ text_similarity: 90, case_sensitive: false, text_answer: [{ value: "Paris" }] });
  });

  it("text_similarity_answer follows the value rules", () => {
    expect(codes(check(7, { text_similarity: 90, text_similarity_answer: "<i>x</i>" }).errors)).toEqual([
      ["html_not_allowed", `${P}.text_similarity_answer`],
    ]);
    expect(codes(check(7, { text_similarity: 90, text_similarity_answer: 5 }).errors)).toEqual([
      ["invalid_type", `${P}.text_similarity_answer`],
    ]);
  });

  it("text_similarity_answer beside text_answer is ignored with a warning", () => {
    const r = check(7, ti({ text_similarity_answer: "Rome" }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([["alias_ignored", `${P}.text_similarity_answer`]]);
    expect(r.properties).toEqual(ti());
  });

  it("unknown keys in properties and in an entry are warnings", () => {
    const r = check(7, ti({ similarity: 3, text_answer: [{ value: "a", score: 1 }] }));
    expect(r.errors).toEqual([]);
    expect(codes(r.warnings)).toEqual([
      ["unknown_field", P],
      ["unknown_field", `${P}.text_answer[0]`],
    ]);
  });

  it("normalizeTextAnswer trims, collapses whitespace and lower-cases unless case-sensitive", () => {
    expect(normalizeTextAnswer("  New \t York ", false)).toBe("new york");
    expect(normalizeTextAnswer("  New \t York ", true)).toBe("New York");
  });
});

// ---------------------------------------------------------------------------------------------

describe("every problem is reported together", () => {
  it("a bad drag & drop question", () => {
    const r = check(
      3,
      {
        image: "",
        areas: [{ id: "targ-01", x: -1, y: 0, width: 10, height: 20, type: 1 }, targ(2), targ(2, 50), drag(1, 500)],
        options: { FixedHeight: false, FixedWidth: true, OneToOneMatching: true },
        match: { "targ-2": "drag-1", "targ-5": "drag-1", "targ-3": "drag-4" },
        points: { "targ-2": { "drag-1": "x" } },
        extra: true,
      },
      [ans("a")],
      { ...ctx, imageSize: { width: 300, height: 200 } },
    );
    expect(pathsOf(r.errors)).toEqual([
      `${P}.image`,
      `${P}.areas[0].id`,
      `${P}.areas[0].x`,
      `${P}.areas[0].width`,
      `${P}.areas[2].id`,
      `${P}.areas[3].x`,
      `${P}.match.targ-5`,
      `${P}.match.targ-5`,
      `${P}.match.targ-3`,
      `${P}.match.targ-3`,
      `${P}.points.targ-2.drag-1`,
    ]);
    expect(codes(r.warnings)).toEqual([
      ["unknown_field", P],
      ["answers_ignored", "answers"],
    ]);
    for (const issue of [...r.errors, ...r.warnings]) expect(issue.message.length).toBeGreaterThan(10);
  });

  it("a bad single choice question", () => {
    const r = check(
      1,
      { shuffle: true },
      [ans("a", true, { order: 1 }), ans("b", true, { order: 1 }), ans("c", true)],
      {
        ...ctx,
        limits: { answers: 2, textAnswers: 2 },
      },
    );
    expect(codes(r.errors)).toEqual([
      ["too_many_answers", "answers"],
      ["duplicate_order", "answers[1].order"],
      ["too_many_correct", "answers[1].is_correct"],
      ["too_many_correct", "answers[2].is_correct"],
    ]);
    expect(codes(r.warnings)).toEqual([["unknown_field", P]]);
  });
});
