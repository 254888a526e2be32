// Exam methods through the API (contract 3 and 4; interface 2.1 and 3.1 rule 1): what a client
// sends, what it gets back, and what is stored.
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, auditLog, caseStudy, exam, question } from "@/db/schema";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import {
  addQuestions,
  auditRows,
  batch,
  EXAM_RESPONSE_FIELDS,
  examRow,
  fails,
  newExam,
  ok,
  warningAt,
} from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const INVALID = -32602;
const NOT_FOUND = -32004;

async function examCount(u: TestUser): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(exam).where(eq(exam.ownerId, u.id));
  return row!.n;
}

/** examGet's exam without its blueprint (contract 15.1, tests/integration/blueprint.test.ts): what examCreate answers. */
async function get(u: TestUser, id: number) {
  const { domains, ...exam } = ok(await u.call("exam.examGet", { id })).exam;
  expect(domains).toEqual([]);
  return exam;
}

const FULL_EXAM = {
  type: 1,
  check_answer: 1,
  title: "Cloud Security Fundamentals",
  category: "Security",
  code: "SEC-200",
  shuffle_questsion: false,
  shuffle_answers: false,
  testing_time: 45,
  evaluation_method: 2,
  passing_score: 65,
  show_description_page: true,
  show_standard_introduction: false,
  description: "<p>About <strong>this</strong> exam</p>",
};

describe("examCreate and examGet", () => {
  it("stores every field and reads it back exactly (response, examGet and the exam row)", async () => {
    const u = await t.newUser();
    const reply = await u.call("exam.examCreate", { exam: FULL_EXAM });
    const created = ok(reply).exam;
    expect(reply.warnings).toEqual([]);
    expect(ok(reply).resources).toEqual({});

    expect(created).toMatchObject({
      type: 1,
      check_answer: 1,
      title: "Cloud Security Fundamentals",
      category: "Security",
      code: "SEC-200",
      shuffle_questsion: false,
      shuffle_answers: false,
      // testing_time 45 locks the time (auto off); questions stay at what is in effect (0).
      testing_questions: 0,
      testing_time: 45,
      testing_auto: false,
      evaluation_method: 2,
      passing_score: 65,
      show_description_page: true,
      show_standard_introduction: false,
      description: "<p>About <strong>this</strong> exam</p>",
      status: "draft",
      question_count: 0,
    });
    expect(Number.isInteger(created.id)).toBe(true);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect(new Date(created.updated_at).toISOString()).toBe(created.updated_at);

    expect(await get(u, created.id)).toEqual(created);

    const row = await examRow(t, created.id);
    expect(row).toMatchObject({
      ownerId: u.id,
      type: 1,
      checkAnswer: 1,
      title: "Cloud Security Fundamentals",
      category: "Security",
      code: "SEC-200",
      shuffleQuestions: false,
      shuffleAnswers: false,
      testingAuto: false,
      testingTimeMode: "fixed",
      testingFixedTime: 45,
      testingQuestions: 0,
      testingTime: 45,
      evaluationMethod: 2,
      passingScore: 65,
      showDescriptionPage: true,
      showStandardIntroduction: false,
      description: "<p>About <strong>this</strong> exam</p>",
      status: "draft",
      questionCount: 0,
    });
    expect(row!.createdAt.toISOString()).toBe(created.created_at);
    expect(row!.updatedAt.toISOString()).toBe(created.updated_at);
  });

  it("fills the defaults of contract 4 for fields left out", async () => {
    const u = await t.newUser();
    const created = await newExam(u, { evaluation_method: 3, passing_score: undefined });
    expect(created).toMatchObject({
      check_answer: 0,
      shuffle_questsion: true,
      shuffle_answers: true,
      testing_questions: 0,
      testing_time: 0,
      testing_auto: true,
      passing_score: null,
      show_description_page: false,
      show_standard_introduction: true,
      description: "",
      status: "draft",
      question_count: 0,
    });
  });

  it("answers with exactly the fields of contract 4 from every exam method", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    expect(Object.keys(created).sort()).toEqual(EXAM_RESPONSE_FIELDS);
    const updated = ok(await u.call("exam.examUpdate", { exam: { id: created.id, title: "Renamed" } })).exam;
    expect(Object.keys(updated).sort()).toEqual(EXAM_RESPONSE_FIELDS);
    // examGet and examList add the blueprint (contract 15.1 point 3).
    const read = ok(await u.call("exam.examGet", { id: created.id })).exam;
    expect(Object.keys(read).sort()).toEqual([...EXAM_RESPONSE_FIELDS, "domains"].sort());
    const listed = ok(await u.call("exam.examList", {})).exams;
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual([...EXAM_RESPONSE_FIELDS, "domains"].sort());
    const status = ok(await u.call("exam.examUpdateStatus", { id: created.id, ready: false })).exam;
    expect(Object.keys(status).sort()).toEqual(EXAM_RESPONSE_FIELDS);
    // The interface spelling only, never the alias.
    expect(created).not.toHaveProperty("shuffle_questions");
  });

  it.each(["type", "title", "category", "code", "evaluation_method"])(
    "requires %s on create (error at its path, nothing stored)",
    async (field) => {
      const u = await t.newUser();
      const input: Record<string, unknown> = examInput();
      delete input[field];
      const issues = fails(await u.call("exam.examCreate", { exam: input }), INVALID, `exam.${field}`, "required");
      expect(issues).toHaveLength(1);
      expect(await examCount(u)).toBe(0);
    },
  );

  it("reports every missing required field together", async () => {
    const u = await t.newUser();
    const issues = fails(await u.call("exam.examCreate", { exam: {} }), INVALID);
    expect(issues.map((i) => i.path).sort()).toEqual([
      "exam.category",
      "exam.code",
      "exam.evaluation_method",
      "exam.title",
      "exam.type",
    ]);
    fails(await u.call("exam.examCreate", {}), INVALID, "exam");
    expect(await examCount(u)).toBe(0);
  });

  it.each([
    ["type", [1, 2, 3], [0, 4, -1]],
    ["evaluation_method", [1, 2, 3, 4], [0, 5]],
    ["check_answer", [0, 1], [2, -1]],
  ] as const)("accepts only the allowed values of %s", async (field, allowed, refused) => {
    const u = await t.newUser();
    for (const value of allowed) {
      const created = await newExam(u, { [field]: value, passing_score: 50 });
      expect(created[field]).toBe(value);
    }
    for (const value of refused) {
      const issues = fails(
        await u.call("exam.examCreate", { exam: examInput({ [field]: value }) }),
        INVALID,
        `exam.${field}`,
      );
      expect(issues[0]!.message).toMatch(/must be one of/);
    }
    expect(await examCount(u)).toBe(allowed.length);
  });

  it.each([
    ["title", 200],
    ["category", 100],
    ["code", 50],
  ] as const)("trims %s, refuses it empty or blank, and allows at most %i characters", async (field, max) => {
    const u = await t.newUser();
    const trimmed = await newExam(u, { [field]: "  \t Spaced value \n " });
    expect(trimmed[field]).toBe("Spaced value");
    expect((await examRow(t, trimmed.id))![field]).toBe("Spaced value");

    // The limit counts the trimmed value.
    const longest = await newExam(u, { [field]: `  ${"x".repeat(max)}  ` });
    expect(longest[field]).toBe("x".repeat(max));

    for (const bad of ["", "   ", "x".repeat(max + 1)]) {
      fails(await u.call("exam.examCreate", { exam: examInput({ [field]: bad }) }), INVALID, `exam.${field}`);
    }
    expect(await examCount(u)).toBe(2);

    // The same rules on update, and a refused update changes nothing.
    const before = await get(u, trimmed.id);
    fails(await u.call("exam.examUpdate", { exam: { id: trimmed.id, [field]: " " } }), INVALID, `exam.${field}`);
    fails(
      await u.call("exam.examUpdate", { exam: { id: trimmed.id, [field]: "y".repeat(max + 1) } }),
      INVALID,
      `exam.${field}`,
    );
    expect(await get(u, trimmed.id)).toEqual(before);
    const updated = ok(await u.call("exam.examUpdate", { exam: { id: trimmed.id, [field]: "  New  " } })).exam;
    expect(updated[field]).toBe("New");
  });

  it("accepts shuffle_questions as an alias of shuffle_questsion and refuses a conflict", async () => {
    const u = await t.newUser();
    const viaAlias = await newExam(u, { shuffle_questions: false });
    expect(viaAlias.shuffle_questsion).toBe(false);
    expect((await examRow(t, viaAlias.id))!.shuffleQuestions).toBe(false);

    const both = await newExam(u, { shuffle_questions: false, shuffle_questsion: false });
    expect(both.shuffle_questsion).toBe(false);

    fails(
      await u.call("exam.examCreate", { exam: examInput({ shuffle_questions: false, shuffle_questsion: true }) }),
      INVALID,
      "exam.shuffle_questions",
      "conflict",
    );
    expect(await examCount(u)).toBe(2);

    const updated = ok(await u.call("exam.examUpdate", { exam: { id: viaAlias.id, shuffle_questions: true } })).exam;
    expect(updated.shuffle_questsion).toBe(true);
    const before = await get(u, viaAlias.id);
    fails(
      await u.call("exam.examUpdate", { exam: { id: viaAlias.id, shuffle_questions: false, shuffle_questsion: true } }),
      INVALID,
      "exam.shuffle_questions",
    );
    expect(await get(u, viaAlias.id)).toEqual(before);
    // The alias is known: no unknown-field warning.
    const reply = await u.call("exam.examUpdate", { exam: { id: viaAlias.id, shuffle_questions: false } });
    expect(ok(reply).exam.shuffle_questsion).toBe(false);
    expect(reply.warnings).toEqual([]);
  });
});

describe("passing_score", () => {
  it.each([1, 2])("is required on create for evaluation method %i", async (method) => {
    const u = await t.newUser();
    fails(
      await u.call("exam.examCreate", { exam: examInput({ evaluation_method: method, passing_score: undefined }) }),
      INVALID,
      "exam.passing_score",
      "required",
    );
    expect(await examCount(u)).toBe(0);
    expect((await newExam(u, { evaluation_method: method, passing_score: 0 })).passing_score).toBe(0);
    expect((await newExam(u, { evaluation_method: method, passing_score: 100 })).passing_score).toBe(100);
  });

  it("is an integer percentage from 0 to 100", async () => {
    const u = await t.newUser();
    for (const bad of [-1, 101, 50.5]) {
      fails(
        await u.call("exam.examCreate", { exam: examInput({ passing_score: bad }) }),
        INVALID,
        "exam.passing_score",
      );
    }
    expect(await examCount(u)).toBe(0);
    const created = await newExam(u, { passing_score: 70 });
    const before = await get(u, created.id);
    fails(
      await u.call("exam.examUpdate", { exam: { id: created.id, passing_score: 101 } }),
      INVALID,
      "exam.passing_score",
    );
    expect(await get(u, created.id)).toEqual(before);
  });

  it.each([3, 4])("is ignored with a warning for evaluation method %i", async (method) => {
    const u = await t.newUser();
    const reply = await u.call("exam.examCreate", {
      exam: examInput({ evaluation_method: method, passing_score: 80 }),
    });
    const created = ok(reply).exam;
    expect(warningAt(reply, "exam.passing_score")?.code).toBe("passing_score_ignored");
    expect(reply.warnings.some((w: string) => w.startsWith("exam.passing_score: "))).toBe(true);
    expect(created.passing_score).toBeNull();
    expect((await examRow(t, created.id))!.passingScore).toBeNull();

    // Without passing_score: no warning.
    const quiet = await u.call("exam.examCreate", {
      exam: examInput({ evaluation_method: method, passing_score: undefined }),
    });
    expect(ok(quiet).exam.passing_score).toBeNull();
    expect(quiet.warnings).toEqual([]);
  });

  it("is required on an update that moves to method 1 or 2 while none is stored", async () => {
    const u = await t.newUser();
    const scoreOnly = await newExam(u, { evaluation_method: 3, passing_score: undefined });
    const before = await get(u, scoreOnly.id);
    for (const method of [1, 2]) {
      fails(
        await u.call("exam.examUpdate", { exam: { id: scoreOnly.id, evaluation_method: method } }),
        INVALID,
        "exam.passing_score",
        "required",
      );
    }
    expect(await get(u, scoreOnly.id)).toEqual(before);
    expect((await examRow(t, scoreOnly.id))!.evaluationMethod).toBe(3);

    const moved = ok(
      await u.call("exam.examUpdate", { exam: { id: scoreOnly.id, evaluation_method: 1, passing_score: 55 } }),
    ).exam;
    expect(moved).toMatchObject({ evaluation_method: 1, passing_score: 55 });

    // With a score stored, moving between 1 and 2 needs none.
    const toTwo = ok(await u.call("exam.examUpdate", { exam: { id: scoreOnly.id, evaluation_method: 2 } })).exam;
    expect(toTwo).toMatchObject({ evaluation_method: 2, passing_score: 55 });
  });
});

describe("check_answer and show_description_page", () => {
  it("stores check_answer for a type other than 1 with a warning; none for type 1", async () => {
    const u = await t.newUser();
    for (const type of [2, 3]) {
      const reply = await u.call("exam.examCreate", { exam: examInput({ type, check_answer: 1 }) });
      const created = ok(reply).exam;
      expect(created.check_answer).toBe(1);
      expect((await examRow(t, created.id))!.checkAnswer).toBe(1);
      expect(warningAt(reply, "exam.check_answer")?.code).toBe("check_answer_no_effect");
    }
    const quiz = await u.call("exam.examCreate", { exam: examInput({ type: 1, check_answer: 1 }) });
    expect(ok(quiz).exam.check_answer).toBe(1);
    expect(quiz.warnings).toEqual([]);
    // On update too.
    const reply = await u.call("exam.examUpdate", { exam: { id: ok(quiz).exam.id, type: 2, check_answer: 1 } });
    expect(ok(reply).exam).toMatchObject({ type: 2, check_answer: 1 });
    expect(warningAt(reply, "exam.check_answer")?.code).toBe("check_answer_no_effect");
  });

  it("stores show_description_page as false whenever the description is empty", async () => {
    const u = await t.newUser();
    const noDescription = await newExam(u, { show_description_page: true });
    expect(noDescription.show_description_page).toBe(false);
    expect((await examRow(t, noDescription.id))!.showDescriptionPage).toBe(false);

    const emptyDescription = await newExam(u, { show_description_page: true, description: "" });
    expect(emptyDescription.show_description_page).toBe(false);

    // What an empty rich-text editor produces is empty too.
    const emptyParagraph = await newExam(u, { show_description_page: true, description: "<p></p>" });
    expect(emptyParagraph.show_description_page).toBe(false);

    const withDescription = await newExam(u, { show_description_page: true, description: "<p>Read this first.</p>" });
    expect(withDescription.show_description_page).toBe(true);

    // Clearing the description turns it off; asking for it on an empty description does not turn it on.
    const cleared = ok(await u.call("exam.examUpdate", { exam: { id: withDescription.id, description: "" } })).exam;
    expect(cleared).toMatchObject({ description: "", show_description_page: false });
    const asked = ok(
      await u.call("exam.examUpdate", { exam: { id: withDescription.id, show_description_page: true } }),
    ).exam;
    expect(asked.show_description_page).toBe(false);
    // With a description again, the stored request is honoured once more when sent.
    const again = ok(
      await u.call("exam.examUpdate", {
        exam: { id: withDescription.id, description: "<p>Back</p>", show_description_page: true },
      }),
    ).exam;
    expect(again.show_description_page).toBe(true);
    expect((await examRow(t, withDescription.id))!.showDescriptionPage).toBe(true);
  });

  it("keeps the description when it is left out and clears it when sent as an empty string", async () => {
    const u = await t.newUser();
    const created = await newExam(u, { description: "<p>Keep me</p>" });
    const kept = ok(await u.call("exam.examUpdate", { exam: { id: created.id, title: "Other" } })).exam;
    expect(kept.description).toBe("<p>Keep me</p>");
    const cleared = ok(await u.call("exam.examUpdate", { exam: { id: created.id, description: "" } })).exam;
    expect(cleared.description).toBe("");
    expect((await examRow(t, created.id))!.description).toBe("");
  });
});

describe("examUpdate", () => {
  it("is partial: an update of one field keeps every other field", async () => {
    const u = await t.newUser();
    let current = ok(await u.call("exam.examCreate", { exam: FULL_EXAM })).exam;

    // Each step sends one field; `changes` is everything expected to differ afterwards
    // (besides updated_at, and status, which any change sets to draft).
    const steps: { send: Record<string, unknown>; changes: Record<string, unknown> }[] = [
      { send: { type: 2 }, changes: { type: 2 } },
      { send: { check_answer: 0 }, changes: { check_answer: 0 } },
      { send: { title: "New title" }, changes: { title: "New title" } },
      { send: { category: "New category" }, changes: { category: "New category" } },
      { send: { code: "NEW-1" }, changes: { code: "NEW-1" } },
      { send: { shuffle_questsion: true }, changes: { shuffle_questsion: true } },
      { send: { shuffle_questions: false }, changes: { shuffle_questsion: false } },
      { send: { shuffle_answers: true }, changes: { shuffle_answers: true } },
      { send: { testing_time: 30 }, changes: { testing_time: 30 } },
      // testing_questions 0 turns auto-handling on: the time is then calculated (0 questions, 0 min).
      { send: { testing_questions: 0 }, changes: { testing_questions: 0, testing_time: 0, testing_auto: true } },
      { send: { evaluation_method: 1 }, changes: { evaluation_method: 1 } },
      { send: { passing_score: 80 }, changes: { passing_score: 80 } },
      { send: { show_description_page: false }, changes: { show_description_page: false } },
      { send: { show_standard_introduction: true }, changes: { show_standard_introduction: true } },
      { send: { description: "<p>Changed</p>" }, changes: { description: "<p>Changed</p>" } },
      { send: { show_description_page: true }, changes: { show_description_page: true } },
      { send: {}, changes: {} },
    ];
    for (const step of steps) {
      const before = current;
      const rowBefore = await examRow(t, before.id);
      const reply = await u.call("exam.examUpdate", { exam: { id: before.id, ...step.send } });
      current = ok(reply).exam;
      const { updated_at: _a, status: _s, ...rest } = current;
      const { updated_at: _b, status: _t, ...expected } = { ...before, ...step.changes };
      expect(rest, `after sending ${JSON.stringify(step.send)}`).toEqual(expected);
      expect(current.status).toBe("draft");
      expect(await get(u, before.id)).toEqual(current);
      const rowAfter = await examRow(t, before.id);
      expect(rowAfter!.createdAt).toEqual(rowBefore!.createdAt);
      expect(rowAfter!.ownerId).toBe(u.id);
    }
  });

  it.each([
    "type",
    "check_answer",
    "title",
    "category",
    "code",
    "shuffle_questsion",
    "shuffle_questions",
    "shuffle_answers",
    "testing_questions",
    "testing_time",
    "evaluation_method",
    "passing_score",
    "show_description_page",
    "show_standard_introduction",
    "description",
  ])("refuses null for %s (error at its path, nothing changed)", async (field) => {
    const u = await t.newUser();
    const created = await newExam(u, { description: "<p>Text</p>" });
    const rowBefore = await examRow(t, created.id);
    const issues = fails(
      await u.call("exam.examUpdate", { exam: { id: created.id, [field]: null } }),
      INVALID,
      `exam.${field}`,
    );
    expect(issues.find((i) => i.path === `exam.${field}`)!.message).toMatch(/null/);
    expect(await examRow(t, created.id)).toEqual(rowBefore);
    // On create as well.
    fails(await u.call("exam.examCreate", { exam: examInput({ [field]: null }) }), INVALID, `exam.${field}`);
    expect(await examCount(u)).toBe(1);
  });

  it("requires id, and answers -32004 for an exam that does not exist or is someone else's", async () => {
    const u = await t.newUser();
    const other = await t.newUser();
    const created = await newExam(u);
    fails(await u.call("exam.examUpdate", { exam: { title: "x" } }), INVALID, "exam.id", "required");
    const before = await examRow(t, created.id);
    const theirs = await other.call("exam.examUpdate", { exam: { id: created.id, title: "Hijacked" } });
    const missing = await u.call("exam.examUpdate", { exam: { id: 2147483000, title: "Nobody" } });
    fails(theirs, NOT_FOUND);
    fails(missing, NOT_FOUND);
    expect(theirs.error?.message).toBe(missing.error?.message);
    expect(await examRow(t, created.id)).toEqual(before);
    fails(await other.call("exam.examGet", { id: created.id }), NOT_FOUND);
  });

  it("ignores unknown fields with a warning naming them, on create and on update", async () => {
    const u = await t.newUser();
    const reply = await u.call("exam.examCreate", { exam: examInput({ shuffle_question: false, colour: "blue" }) });
    const created = ok(reply).exam;
    const warning = warningAt(reply, "exam");
    expect(warning?.code).toBe("unknown_field");
    expect(warning?.message).toContain('"shuffle_question"');
    expect(warning?.message).toContain('"colour"');
    expect(reply.warnings.some((w: string) => w.startsWith("exam: ") && w.includes("colour"))).toBe(true);
    // Ignored: the misspelt key did not change shuffle_questsion.
    expect(created.shuffle_questsion).toBe(true);

    const updated = await u.call("exam.examUpdate", { exam: { id: created.id, titel: "Typo" } });
    expect(ok(updated).exam.title).toBe(created.title);
    expect(warningAt(updated, "exam")?.message).toContain('"titel"');

    const clean = await u.call("exam.examUpdate", { exam: { id: created.id, title: "Fine" } });
    expect(clean.warnings).toEqual([]);
    expect(clean.warning_details).toEqual([]);
  });

  // Contract 1.1: strictly typed, nothing converted. Each wrong value is refused at its path,
  // on create (nothing stored) and on update (nothing changed).
  const WRONG_TYPES: [field: string, value: unknown][] = [
    ["type", "2"],
    ["type", 2.5],
    ["check_answer", true],
    ["check_answer", "1"],
    ["title", 42],
    ["title", ["a"]],
    ["category", { name: "x" }],
    ["category", false],
    ["code", 101],
    ["shuffle_questsion", "true"],
    ["shuffle_questsion", 1],
    ["shuffle_questions", "false"],
    ["shuffle_answers", 0],
    ["testing_questions", "10"],
    ["testing_questions", 10.5],
    ["testing_questions", true],
    ["testing_time", "60"],
    ["testing_time", 1.5],
    ["evaluation_method", "1"],
    ["evaluation_method", [1]],
    ["passing_score", "70"],
    ["passing_score", 70.5],
    ["show_description_page", "yes"],
    ["show_standard_introduction", 1],
    ["description", 5],
    ["description", { html: "<p>x</p>" }],
  ];

  it.each(WRONG_TYPES)("refuses a wrongly typed %s (%j) with -32602 at its path", async (field, value) => {
    const u = await t.newUser();
    const created = await newExam(u, { description: "<p>Text</p>" });
    const rowBefore = await examRow(t, created.id);
    const auditBefore = await auditRows(t, created.id);

    const onUpdate = await u.call("exam.examUpdate", { exam: { id: created.id, [field]: value } });
    fails(onUpdate, INVALID, `exam.${field}`);
    expect(onUpdate.errors?.some((e) => e.startsWith(`exam.${field}: `))).toBe(true);
    expect(await examRow(t, created.id)).toEqual(rowBefore);
    expect(await auditRows(t, created.id)).toEqual(auditBefore);

    fails(await u.call("exam.examCreate", { exam: examInput({ [field]: value }) }), INVALID, `exam.${field}`);
    expect(await examCount(u)).toBe(1);
  });

  it.each([
    ["id", "1"],
    ["id", 0],
    ["id", 1.5],
  ])("refuses %s %j", async (_field, value) => {
    const u = await t.newUser();
    fails(await u.call("exam.examUpdate", { exam: { id: value, title: "x" } }), INVALID, "exam.id");
    fails(await u.call("exam.examGet", { id: value }), INVALID, "id");
  });

  it("refuses an exam that is not an object", async () => {
    const u = await t.newUser();
    for (const value of [null, "exam", [examInput()], 1]) {
      fails(await u.call("exam.examCreate", { exam: value }), INVALID, "exam");
    }
    expect(await examCount(u)).toBe(0);
  });

  it("reports every wrong field of a request together", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    const issues = fails(
      await u.call("exam.examUpdate", {
        exam: { id: created.id, type: "3", title: "", passing_score: 200, shuffle_answers: "no" },
      }),
      INVALID,
    );
    expect(issues.map((i) => i.path).sort()).toEqual([
      "exam.passing_score",
      "exam.shuffle_answers",
      "exam.title",
      "exam.type",
    ]);
  });
});

describe("examList", () => {
  async function list(u: TestUser, params: Record<string, unknown> = {}) {
    return ok(await u.call("exam.examList", params));
  }
  const ids = (exams: { id: number }[]) => exams.map((e) => e.id);

  it("filters by query (case-insensitive substring of title, code or category), category and status", async () => {
    const u = await t.newUser();
    const other = await t.newUser();
    const a = await newExam(u, { title: "Cloud Security Fundamentals", category: "Security", code: "SEC-100" });
    const b = await newExam(u, { title: "Routing and Switching", category: "Cisco", code: "CCNA-200" });
    const c = await newExam(u, { title: "Linux Administration", category: "Linux", code: "LPI-101" });
    const d = await newExam(u, { title: "100% Pass_Guide", category: "Misc", code: "MISC-1" });
    // Someone else's exam that matches every query is never listed.
    await newExam(other, { title: "Cloud Linux Cisco Security", category: "Security", code: "SEC-LPI-CCNA" });

    const byQuery = async (query: string) => ids((await list(u, { query })).exams).sort((x, y) => x - y);
    expect(await byQuery("cloud")).toEqual([a.id]); // title
    expect(await byQuery("ccna")).toEqual([b.id]); // code, case-insensitive
    expect(await byQuery("CISCO")).toEqual([b.id]); // category
    expect(await byQuery("LiNuX")).toEqual([c.id]); // title and category
    expect(await byQuery("-1")).toEqual([a.id, c.id, d.id].sort((x, y) => x - y)); // code substrings
    expect(await byQuery("ing")).toEqual([b.id]); // a substring inside a word of the title
    expect(await byQuery("nothing like it")).toEqual([]);
    // % and _ are literal characters, not wildcards.
    expect(await byQuery("%")).toEqual([d.id]);
    expect(await byQuery("_")).toEqual([d.id]);
    expect(await byQuery("")).toHaveLength(4);

    const byCategory = async (category: string) => ids((await list(u, { category })).exams);
    expect(await byCategory("Security")).toEqual([a.id]);
    expect(await byCategory("security")).toEqual([]); // exact, not case-insensitive
    expect(await byCategory("Sec")).toEqual([]); // exact, not a substring

    ok(await u.call("exam.examUpdateStatus", { id: c.id, ready: true, ignore_warnings: true }));
    expect(ids((await list(u, { status: "ready" })).exams)).toEqual([c.id]);
    expect(ids((await list(u, { status: "draft" })).exams).sort((x, y) => x - y)).toEqual(
      [a.id, b.id, d.id].sort((x, y) => x - y),
    );
    fails(await u.call("exam.examList", { status: "published" }), INVALID, "status");
    fails(await u.call("exam.examList", { status: "Ready" }), INVALID, "status");

    // Filters combine.
    expect(ids((await list(u, { query: "linux", status: "draft" })).exams)).toEqual([]);
    expect(ids((await list(u, { query: "linux", status: "ready", category: "Linux" })).exams)).toEqual([c.id]);
  });

  it("orders by updated_at, most recent first", async () => {
    const u = await t.newUser();
    const a = await newExam(u, { title: "A" });
    const b = await newExam(u, { title: "B" });
    const c = await newExam(u, { title: "C" });
    expect(ids((await list(u)).exams)).toEqual([c.id, b.id, a.id]);
    ok(await u.call("exam.examUpdate", { exam: { id: a.id, title: "A2" } }));
    expect(ids((await list(u)).exams)).toEqual([a.id, c.id, b.id]);
    // A question added to b changes b.
    await addQuestions(t, u, b.id, 1);
    const exams = (await list(u)).exams;
    expect(ids(exams)).toEqual([b.id, a.id, c.id]);
    for (let i = 1; i < exams.length; i++) expect(exams[i - 1]!.updated_at >= exams[i]!.updated_at).toBe(true);
  });

  it("pages with limit and cursor: every exam exactly once, in order", async () => {
    const u = await t.newUser();
    const replies = await batch(
      t,
      u,
      Array.from({ length: 23 }, (_, i) => ({
        method: "exam.examCreate" as const,
        params: { exam: examInput({ title: `Exam ${i}` }) },
      })),
    );
    const all = replies.map((r) => ok(r).exam.id);
    const full = (await list(u, { limit: 200 })).exams;
    expect(full).toHaveLength(23);
    expect(new Set(ids(full))).toEqual(new Set(all));

    for (const limit of [1, 5, 7, 23, 50]) {
      const seen: number[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const page = await list(u, { limit, ...(cursor ? { cursor } : {}) });
        expect(page.exams.length).toBeLessThanOrEqual(limit);
        seen.push(...ids(page.exams));
        cursor = page.next_cursor;
        pages++;
        if (cursor) expect(page.exams).toHaveLength(limit);
      } while (cursor && pages < 100);
      expect(seen, `limit ${limit}`).toEqual(ids(full));
      expect(pages).toBe(Math.max(1, Math.ceil(23 / limit)));
    }
  });

  it("keeps paging correctly while exams change between pages", async () => {
    const u = await t.newUser();
    const replies = await batch(
      t,
      u,
      Array.from({ length: 6 }, (_, i) => ({
        method: "exam.examCreate" as const,
        params: { exam: examInput({ title: `E${i}` }) },
      })),
    );
    const created = replies.map((r) => ok(r).exam.id);
    const first = await list(u, { limit: 3 });
    expect(ids(first.exams)).toEqual(created.slice(3).reverse());
    // Updating an exam of the first page moves it to the front; the rest still come once.
    ok(await u.call("exam.examUpdate", { exam: { id: created[5], title: "Touched" } }));
    const second = await list(u, { limit: 3, cursor: first.next_cursor });
    expect(ids(second.exams)).toEqual(created.slice(0, 3).reverse());
    expect(second.next_cursor).toBeNull();
  });

  it("uses 50 as the default limit", async () => {
    const u = await t.newUser();
    await batch(
      t,
      u,
      Array.from({ length: 51 }, (_, i) => ({
        method: "exam.examCreate" as const,
        params: { exam: examInput({ title: `Exam ${i}` }) },
      })),
    );
    const page = await list(u);
    expect(page.exams).toHaveLength(50);
    expect(typeof page.next_cursor).toBe("string");
    const rest = await list(u, { cursor: page.next_cursor });
    expect(rest.exams).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
  });

  it("refuses limits outside 1–200 and an invalid cursor", async () => {
    const u = await t.newUser();
    await newExam(u);
    for (const limit of [0, -1, 201, 1.5, "10"]) fails(await u.call("exam.examList", { limit }), INVALID, "limit");
    expect((await list(u, { limit: 1 })).exams).toHaveLength(1);
    expect((await list(u, { limit: 200 })).exams).toHaveLength(1);

    const wrongShape = Buffer.from(JSON.stringify(["not a date", "not an id"])).toString("base64url");
    for (const cursor of ["garbage!", "eyJ9", wrongShape, Buffer.from("[1,2,3]").toString("base64url")]) {
      fails(await u.call("exam.examList", { cursor }), INVALID, "cursor");
    }
    fails(await u.call("exam.examList", { cursor: 5 }), INVALID, "cursor");
  });

  // Found by the fuzz test (issue 14): a cursor of the right shape whose values the query cannot
  // compare (a date that is not one, an id past int4) failed in the database as -32603.
  it("refuses a forged cursor of the right shape before it reaches the query", async () => {
    const u = await t.newUser();
    await newExam(u);
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
    for (const key of [
      ["not a date", 1],
      ["\u0000", 1],
      ["2026-11-25T03:00:00.000Z", 9007199254740991],
      ["2026-11-25T03:00:00.000Z", 2147483648],
      ["-239718-01-17T00:28:09.126Z", 1],
      ["0000-01-01T00:00:00.000Z", 1],
    ]) {
      fails(await u.call("exam.examList", { cursor: forged(key) }), INVALID, "cursor", "invalid_cursor");
    }
    // The oldest date a cursor can name is still a date PostgreSQL compares.
    expect((await list(u, { cursor: forged(["0001-01-01T00:00:00.000Z", 1]) })).exams).toEqual([]);
  });
});

describe("examDelete", () => {
  it("deletes the exam with its questions, answers and case studies, and nothing else", async () => {
    const u = await t.newUser();
    const doomed = await newExam(u);
    const kept = await newExam(u);
    const cs = ok(
      await u.call("exam.caseStudyCreate", {
        case_study: { exam_id: doomed.id, name: "Contoso", description: "<p>A company</p>" },
      }),
    ).case_study;
    const q1 = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: doomed.id, question: "<p>In the case study?</p>", type: 1, case_study_id: cs.id },
        answers: [{ answer: "Yes", is_correct: true }, { answer: "No" }],
      }),
    ).question;
    const [q2] = await addQuestions(t, u, doomed.id, 1);
    const [keptQuestion] = await addQuestions(t, u, kept.id, 1);
    ok(await u.call("exam.caseStudyCreate", { case_study: { exam_id: kept.id, name: "Other", description: "" } }));

    // Someone else cannot delete it.
    const stranger = await t.newUser();
    fails(await stranger.call("exam.examDelete", { id: doomed.id }), NOT_FOUND);
    expect(await examRow(t, doomed.id)).toBeDefined();

    const reply = await u.call("exam.examDelete", { id: doomed.id });
    expect(ok(reply)).toEqual({ completed: true });

    expect(await examRow(t, doomed.id)).toBeUndefined();
    expect(await t.db.select().from(question).where(eq(question.examId, doomed.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(answer)
        .where(inArray(answer.questionId, [q1.id, q2!])),
    ).toEqual([]);
    expect(await t.db.select().from(caseStudy).where(eq(caseStudy.examId, doomed.id))).toEqual([]);
    fails(await u.call("exam.examGet", { id: doomed.id }), NOT_FOUND);
    fails(await u.call("exam.questionGet", { id: q1.id }), NOT_FOUND);
    fails(await u.call("exam.caseStudyGet", { id: cs.id }), NOT_FOUND);
    fails(await u.call("exam.examDelete", { id: doomed.id }), NOT_FOUND);

    // The other exam is untouched.
    expect((await get(u, kept.id)).question_count).toBe(1);
    expect(await t.db.select().from(answer).where(eq(answer.questionId, keptQuestion!))).toHaveLength(2);
    expect(await t.db.select().from(caseStudy).where(eq(caseStudy.examId, kept.id))).toHaveLength(1);

    // The delete is in the history, without a snapshot.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.examId, doomed.id), eq(auditLog.method, "exam.examDelete")));
    expect(entry).toMatchObject({
      userId: u.id,
      tokenName: "test",
      objectType: "exam",
      objectId: doomed.id,
      snapshot: null,
    });
  });
});

describe("history of exam writes", () => {
  it("appends an audit row with the stored object for create, update and status changes", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    const updated = ok(await u.call("exam.examUpdate", { exam: { id: created.id, title: "Second" } })).exam;
    const ready = ok(
      await u.call("exam.examUpdateStatus", { id: created.id, ready: true, ignore_warnings: true }),
    ).exam;
    fails(await u.call("exam.examUpdate", { exam: { id: created.id, title: "" } }), INVALID);
    const rows = await auditRows(t, created.id);
    expect(rows.map((r) => r.method)).toEqual(["exam.examCreate", "exam.examUpdate", "exam.examUpdateStatus"]);
    // Each entry is examGet's view: the blueprint too.
    expect(rows.map((r) => r.snapshot)).toEqual([created, updated, ready].map((e) => ({ ...e, domains: [] })));
    for (const r of rows)
      expect(r).toMatchObject({ userId: u.id, tokenName: "test", objectType: "exam", objectId: created.id });
  });
});
