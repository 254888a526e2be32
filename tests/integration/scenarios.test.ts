// Scenarios (contract 16.3) over real HTTP: stored with the question as an extension field (kept
// when an update leaves them out, shown by questionGet and questionList but not by the create and
// update answers), checked, versioned and restored, carried by exam_json; exam.questionTest with
// the generated cases; a scenario that outlives its answer; and scenario_failed in the status check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questionRestoreParams } from "@/server/domain/restore";
import type { Issue } from "@/server/errors";
import { examUpdateStatus } from "@/server/operations/exam-update-status";
import { invokeOperation } from "@/server/rpc/invoke";
import { auditRows, fails, newExam, ok, questionRows } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const SCENARIOS = [
  { name: "both right", response: { answers: [1, 3] }, expected_points: 2 },
  { name: "one right", response: { answers: [3] }, expected_points: 1 },
  { name: "one wrong", response: { answers: [1, 2] }, expected_points: 0 },
];

const question = (examId: number, extra: object = {}, text = "Private ranges?") => ({
  question: {
    exam_id: examId,
    type: 2,
    question: `<p>${text}</p>`,
    points: 2,
    properties: { scoring: "per_answer" },
    ...extra,
  },
  answers: [
    { answer: "<p>10.0.0.0/8</p>", is_correct: true },
    { answer: "<p>8.8.8.0/24</p>", is_correct: false },
    { answer: "<p>192.168.0.0/16</p>", is_correct: true },
  ],
});

const get = async (id: number) => ok(await ann.call("exam.questionGet", { id }));
const test = async (id: number) => ok(await ann.call("exam.questionTest", { id }));

describe("scenarios on the question", () => {
  it("are stored, shown where domain_id and tags are, and kept by an update that leaves them out", async () => {
    const exam = await newExam(ann);
    const created = ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: SCENARIOS })));
    // The create answer keeps exactly its fields (contract 15.1 point 3).
    expect(created.question).not.toHaveProperty("scenarios");
    const id = created.question.id;
    expect((await get(id)).question.scenarios).toEqual(SCENARIOS);
    const listed = ok(await ann.call("exam.questionList", { exam_id: exam.id })).questions[0]!;
    expect(listed.scenarios).toEqual(SCENARIOS);

    // Left out: kept, even though the update re-creates the answers (new ids, same positions).
    const before = (await get(id)).answers.map((a) => a.id);
    const updated = ok(
      await ann.call("exam.questionUpdate", { ...question(exam.id, { id }, "Which ranges are private?") }),
    );
    expect(updated.question).not.toHaveProperty("scenarios");
    const after = await get(id);
    expect(after.answers.map((a) => a.id)).not.toEqual(before);
    expect(after.question.scenarios).toEqual(SCENARIOS);
    expect((await test(id)).results.every((r) => r.passed)).toBe(true);

    // [] clears them.
    ok(await ann.call("exam.questionUpdate", question(exam.id, { id, scenarios: [] })));
    expect((await get(id)).question.scenarios).toEqual([]);
  });

  it("refuses bad scenarios, saying where, and stores nothing", async () => {
    const exam = await newExam(ann);
    const audit = (await auditRows(t, exam.id)).length;
    const call = (scenarios: unknown) => ann.call("exam.questionCreate", question(exam.id, { scenarios }));
    fails(
      await call([SCENARIOS[0], { ...SCENARIOS[1], name: " both right " }]),
      -32602,
      "question.scenarios[1].name",
      "duplicate",
    );
    fails(await call([{ ...SCENARIOS[0], name: "" }]), -32602, "question.scenarios[0].name");
    fails(await call([{ ...SCENARIOS[0], name: "x".repeat(101) }]), -32602, "question.scenarios[0].name");
    fails(
      await call([{ ...SCENARIOS[0], response: { answer: 1, text: "a" } }]),
      -32602,
      "question.scenarios[0].response",
    );
    fails(await call([{ ...SCENARIOS[0], response: { answerz: [1] } }]), -32602, "question.scenarios[0].response");
    fails(await call([{ name: "no points", response: {} }]), -32602, "question.scenarios[0].expected_points");
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `s${i}`, response: {}, expected_points: 0 }));
    fails(await call(many), -32602, "question.scenarios");
    expect(await questionRows(t, exam.id)).toHaveLength(0);
    expect(await auditRows(t, exam.id)).toHaveLength(audit);
  });

  it("are versioned and restored with the question", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: SCENARIOS }))).question.id;
    ok(await ann.call("exam.questionUpdate", question(exam.id, { id, scenarios: SCENARIOS.slice(0, 1) })));
    const history = ok(
      await ann.call("exam.historyList", { exam_id: exam.id, object_type: "question", object_id: id }),
    ).entries;
    const first = history.find((e) => e.version === 1)!;
    ok(await ann.call("exam.questionUpdate", questionRestoreParams(first.snapshot, (await get(id)).version)!));
    expect((await get(id)).question.scenarios).toEqual(SCENARIOS);
  });

  it("are carried by exam_json", async () => {
    const exam = await newExam(ann);
    ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: SCENARIOS })));
    const exported = ok(await ann.call("exam.examExport", { id: exam.id, format: "exam_json" }));
    const doc = JSON.parse(Buffer.from(exported.file.base64, "base64").toString("utf8")) as {
      questions: { scenarios: unknown }[];
    };
    expect(doc.questions[0]!.scenarios).toEqual(SCENARIOS);
    const imported = ok(
      await ann.call("exam.examImport", { file: { name: exported.file.name, base64: exported.file.base64 } }),
    );
    const listed = ok(await ann.call("exam.questionList", { exam_id: imported.exam.id! })).questions;
    expect(listed[0]!.scenarios).toEqual(SCENARIOS);
    // A bad scenario in a file is refused at its item.
    doc.questions[0]!.scenarios = [{ name: "", response: {}, expected_points: 0 }];
    const bad = Buffer.from(JSON.stringify(doc)).toString("base64");
    fails(await ann.call("exam.examImport", { file: { name: "bad.exam.json", base64: bad } }), -32602);
  });
});

describe("exam.questionTest", () => {
  it("runs the scenarios and the generated cases", async () => {
    const exam = await newExam(ann);
    const wrong = { name: "wrong expectation", response: { answers: [1] }, expected_points: 2 };
    const id = ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: [...SCENARIOS, wrong] })))
      .question.id;
    const { results, generated } = await test(id);
    expect(
      results.map(({ name, expected_points, points, passed }) => ({ name, expected_points, points, passed })),
    ).toEqual([
      { name: "both right", expected_points: 2, points: 2, passed: true },
      { name: "one right", expected_points: 1, points: 1, passed: true },
      { name: "one wrong", expected_points: 0, points: 0, passed: true },
      { name: "wrong expectation", expected_points: 2, points: 1, passed: false },
    ]);
    expect(generated.map(({ name, response, points, passed }) => ({ name, response, points, passed }))).toEqual([
      { name: "key", response: { answers: [1, 3] }, points: 2, passed: true },
      { name: "empty", response: {}, points: 0, passed: true },
      { name: "answer 1 alone", response: { answers: [1] }, points: 1, passed: null },
      { name: "answer 2 alone", response: { answers: [2] }, points: 0, passed: null },
      { name: "answer 3 alone", response: { answers: [3] }, points: 1, passed: null },
      { name: "all answers", response: { answers: [1, 2, 3] }, points: 1, passed: null },
    ]);
  });

  it("fails a scenario naming an answer the question no longer has, saying why", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: SCENARIOS }))).question.id;
    const two = question(exam.id, { id });
    two.answers = two.answers.slice(0, 2);
    ok(await ann.call("exam.questionUpdate", two));
    const [bothRight] = (await test(id)).results;
    expect(bothRight).toEqual({
      name: "both right",
      expected_points: 2,
      points: null,
      passed: false,
      why: "response.answers[1]: answer position 3 does not exist: the question has 2 answers (positions 1 to 2, by order)",
    });
    fails(await ann.call("exam.questionTest", { id: 999999 }), -32004);
  });
});

describe("scenario_failed in the status check", () => {
  it("names the question and the scenario", async () => {
    const exam = await newExam(ann);
    const failing = [{ name: "too generous", response: { answers: [3] }, expected_points: 2 }];
    ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: SCENARIOS })));
    const id = ok(await ann.call("exam.questionCreate", question(exam.id, { scenarios: failing }, "Second"))).question
      .id;
    const refused = await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true });
    const issues = fails(refused, -32602, "questions[1].scenarios", "scenario_failed");
    expect(issues.filter((i) => i.code === "scenario_failed")).toEqual([
      {
        code: "scenario_failed",
        path: "questions[1].scenarios",
        message: `question ${id}: scenario "too generous" expects 2 point(s) but earns 1`,
      },
    ]);
    const inApp = (await invokeOperation(
      t.app,
      { userId: ann.id, tokenName: null, currentWorkspaceId: null },
      examUpdateStatus,
      { id: exam.id, ready: true },
      null,
      "app",
    )) as { error?: { data: { issues: Issue[] } } };
    expect(inApp.error!.data.issues.find((i) => i.code === "scenario_failed")!.details).toEqual({
      position: 2,
      questionId: id,
      scenario: "too generous",
    });
    // Fixed, the exam can be marked ready.
    ok(
      await ann.call(
        "exam.questionUpdate",
        question(exam.id, { id, scenarios: [{ ...failing[0]!, expected_points: 1 }] }, "Second"),
      ),
    );
    expect(ok(await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true })).exam.status).toBe("ready");
  });
});
