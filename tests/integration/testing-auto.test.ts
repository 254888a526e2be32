// Auto-handling of testing_questions / testing_time through the API: contract 5 (worked
// examples 1–16), interface 3.2 rules 1–8 and interface 7 rules 3–4.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import type { ReplyTo } from "../support/reply";
import {
  addQuestions,
  auditRows,
  deleteQuestions,
  examRow,
  fails,
  ok,
  warningCodes,
} from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const INVALID = -32602;

/** What the exam shows: [testing_auto, testing_questions, testing_time]. */
type Shown = [auto: boolean, questions: number, time: number];

const shown = (e: { testing_auto: boolean; testing_questions: number; testing_time: number }): Shown => [
  e.testing_auto,
  e.testing_questions,
  e.testing_time,
];

/** A scenario on one exam: an exam with its questions, and the API calls made to it. */
class Scenario {
  examId = 0;
  private questionIds: number[] = [];
  constructor(readonly u: TestUser) {}

  static async start(
    overrides: Record<string, unknown> = {},
  ): Promise<{ s: Scenario; reply: ReplyTo<"exam.examCreate"> }> {
    const s = new Scenario(await t.newUser());
    const reply = await s.u.call("exam.examCreate", { exam: examInput(overrides) });
    if (!reply.error) s.examId = ok(reply).exam.id;
    return { s, reply };
  }

  async exam() {
    return ok(await this.u.call("exam.examGet", { id: this.examId })).exam;
  }

  async add(k: number) {
    this.questionIds.push(...(await addQuestions(t, this.u, this.examId, k)));
  }

  async remove(k: number) {
    await deleteQuestions(t, this.u, this.questionIds.splice(this.questionIds.length - k, k));
  }

  update(fields: Record<string, unknown>) {
    return this.u.call("exam.examUpdate", { exam: { id: this.examId, ...fields } });
  }

  /** The exam as stored, with its question count as really stored (not only the counter). */
  async expectShown(expected: Shown, label: string) {
    const e = await this.exam();
    expect(shown(e), label).toEqual(expected);
    const row = await examRow(t, this.examId);
    expect([row!.testingAuto, row!.testingQuestions, row!.testingTime], `${label} (stored row)`).toEqual(expected);
    expect(e.question_count, `${label} (question_count)`).toBe(this.questionIds.length);
  }
}

// ---------------------------------------------------------------------------------------------
// Contract 5, worked examples

type Step =
  | { create: Record<string, unknown>; expect?: Shown; rejected?: string }
  | { add: number; expect?: Shown }
  | { remove: number; expect?: Shown }
  /** `warnings`: the codes of every warning the update answers, when given. */
  | { update: Record<string, unknown>; expect?: Shown; rejected?: string; warnings?: string[] };

/** Before-state helpers, so an example reads like the contract's "before" column. */
const autoWith = (n: number, overrides: Record<string, unknown> = {}): Step[] => [{ create: overrides }, { add: n }];
const ex5: Step[] = [
  ...autoWith(40),
  { update: {}, expect: [true, 40, 60] },
  { update: { testing_questions: 30 }, expect: [false, 30, 60] },
];
const ex6: Step[] = [...ex5, { add: 10, expect: [false, 30, 60] }];
const ex7: Step[] = [...ex6, { update: { testing_time: -1 }, expect: [false, 30, 45] }];
const ex8: Step[] = [...ex7, { update: { testing_questions: 0 }, expect: [true, 50, 75] }];

const EXAMPLES: [number, string, Step[]][] = [
  [1, "examCreate without either field: auto, 0, 0", [{ create: {}, expect: [true, 0, 0] }]],
  [2, "auto, N=12, any save: auto, 10, 15", [...autoWith(12), { update: {}, expect: [true, 10, 15] }]],
  [3, "auto, N=3, any save: auto, 3, 5", [...autoWith(3), { update: {}, expect: [true, 3, 5] }]],
  [4, "auto, N=75, any save: auto, 60, 90", [...autoWith(75), { update: {}, expect: [true, 60, 90] }]],
  [5, "auto, N=40, testing_questions=30: off, 30, 60", ex5],
  [6, "state of 5, 10 questions added: off, 30, 60", ex6],
  [7, "state of 6, testing_time=-1: off, 30, 45", ex7],
  [8, "state of 7, testing_questions=0: auto, 50, 75", ex8],
  [
    9,
    "auto, N=40, testing_questions=45: auto, 40, 60, no error",
    // Nothing about the value; the exam is as stored, so nothing is written.
    [...autoWith(40), { update: { testing_questions: 45 }, expect: [true, 40, 60], warnings: ["unchanged"] }],
  ],
  [
    10,
    "auto, N=40, testing_questions=40 and testing_time=60: still auto",
    [...autoWith(40), { update: { testing_questions: 40, testing_time: 60 }, expect: [true, 40, 60] }],
  ],
  [
    11,
    "auto, N=40, testing_time=90: off, 40, 90",
    [...autoWith(40), { update: { testing_time: 90 }, expect: [false, 40, 90] }],
  ],
  [
    12,
    "off (30, 90 fixed), N=40, 15 questions deleted: auto, 25, 38",
    [
      ...autoWith(40),
      { update: { testing_questions: 30, testing_time: 90 }, expect: [false, 30, 90] },
      { remove: 15, expect: [true, 25, 38] },
    ],
  ],
  [
    13,
    "type 3, testing_time=0: rejected",
    [{ create: { type: 3 } }, { update: { testing_time: 0 }, rejected: "exam.testing_time" }],
  ],
  [
    14,
    "type 2, N=20, off (20, 0 = none), type=3: rejected (stored time 0)",
    [
      ...autoWith(20, { type: 2 }),
      { update: { testing_time: 0 }, expect: [false, 20, 0] },
      { update: { type: 3 }, rejected: "exam.testing_time" },
    ],
  ],
  [
    15,
    "examCreate type=3 without testing_time: accepted, auto, time by rate",
    [
      { create: { type: 3 }, expect: [true, 0, 0] },
      { add: 10, expect: [true, 10, 15] },
    ],
  ],
  [
    16,
    "examCreate testing_questions=20 with N=0: auto, 0, 0",
    [{ create: { testing_questions: 20 }, expect: [true, 0, 0] }],
  ],
];

describe("contract 5 worked examples", () => {
  it.each(EXAMPLES)("example %i: %s", async (_n, _title, steps) => {
    let s: Scenario | null = null;
    for (const [i, step] of steps.entries()) {
      const label = `step ${i + 1}: ${JSON.stringify(step)}`;
      if ("create" in step) {
        const started = await Scenario.start(step.create);
        s = started.s;
        if (step.rejected) {
          fails(started.reply, INVALID, step.rejected);
          continue;
        }
        const created = shown(ok(started.reply).exam);
        expect(created, label).toEqual(step.expect ?? created);
      } else if ("add" in step) {
        await s!.add(step.add);
      } else if ("remove" in step) {
        await s!.remove(step.remove);
      } else {
        const before = await examRow(t, s!.examId);
        const reply = await s!.update(step.update);
        if (step.rejected) {
          fails(reply, INVALID, step.rejected, "testing_time_required");
          // A rejected call leaves the stored exam as it was.
          expect(await examRow(t, s!.examId), label).toEqual(before);
          continue;
        }
        const result = ok(reply);
        if (step.expect) expect(shown(result.exam), `${label} (response)`).toEqual(step.expect);
        if (step.warnings) expect(warningCodes(reply), label).toEqual(step.warnings);
      }
      if (step.expect) await s!.expectShown(step.expect, label);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Interface 3.2

describe("interface 3.2", () => {
  it("rule 1: auto-handling is on by default and recalculated on every save, including questions added or removed later", async () => {
    const { s, reply } = await Scenario.start();
    expect(ok(reply).exam.testing_auto).toBe(true);
    await s.expectShown([true, 0, 0], "new exam");
    await s.add(7);
    await s.expectShown([true, 5, 8], "7 questions added");
    await s.remove(3);
    await s.expectShown([true, 4, 6], "3 removed (N=4)");
    await s.add(1);
    await s.expectShown([true, 5, 8], "1 added (N=5)");
    const saved = ok(await s.update({ title: "Any save" })).exam;
    expect(shown(saved)).toEqual([true, 5, 8]);
  });

  it("rule 2: the default testing_questions is 60, or the question count rounded (down) to a multiple of 5 below 60", async () => {
    const { s } = await Scenario.start();
    const checkpoints: [n: number, questions: number][] = [
      [4, 4],
      [5, 5],
      [9, 5],
      [10, 10],
      [59, 55],
      [60, 60],
      [61, 60],
    ];
    let n = 0;
    for (const [target, questions] of checkpoints) {
      await s.add(target - n);
      n = target;
      await s.expectShown([true, questions, Math.ceil(questions * 1.5)], `N=${n}`);
    }
  });

  it("rule 3: sending testing_questions = 0 turns auto-handling back on", async () => {
    const { s } = await Scenario.start();
    await s.add(10);
    ok(await s.update({ testing_questions: 5 }));
    await s.expectShown([false, 5, 15], "locked at 5");
    ok(await s.update({ testing_questions: 0 }));
    await s.expectShown([true, 10, 15], "auto again");
    // Also from a locked time.
    ok(await s.update({ testing_time: 99 }));
    await s.expectShown([false, 10, 99], "time locked");
    const reply = await s.update({ testing_questions: 0 });
    expect(shown(ok(reply).exam)).toEqual([true, 10, 15]);
    expect(reply.warnings).toEqual([]);
  });

  it("rule 4: a nonzero value differing from the stored one turns auto-handling off and locks both values until testing_questions is 0", async () => {
    const { s } = await Scenario.start();
    await s.add(10);
    ok(await s.update({ testing_questions: 5 }));
    await s.expectShown([false, 5, 15], "questions locked");
    await s.add(10);
    await s.expectShown([false, 5, 15], "N=20: both stay locked");
    ok(await s.update({ title: "Unrelated change" }));
    await s.expectShown([false, 5, 15], "unrelated save: both stay locked");
    await s.remove(14);
    await s.expectShown([false, 5, 15], "N=6: both stay locked");
    ok(await s.update({ testing_questions: 0 }));
    await s.expectShown([true, 5, 8], "auto again for N=6");

    // testing_time alone also locks both.
    ok(await s.update({ testing_time: 20 }));
    await s.expectShown([false, 5, 20], "time locked");
    await s.add(10);
    await s.expectShown([false, 5, 20], "N=16: questions locked too");

    // The same value as stored changes nothing.
    const { s: same } = await Scenario.start();
    await same.add(10);
    ok(await same.update({ testing_questions: 10, testing_time: 15 }));
    await same.expectShown([true, 10, 15], "same values: still auto");
  });

  it("rule 5: a testing_questions higher than the question count is not rejected but replaced by the auto value", async () => {
    const { s } = await Scenario.start();
    await s.add(10);
    const reply = await s.update({ testing_questions: 25 });
    expect(shown(ok(reply).exam)).toEqual([true, 10, 15]);
    // No warning about the value; the exam is as stored, so nothing is written.
    expect(warningCodes(reply)).toEqual(["unchanged"]);
    await s.expectShown([true, 10, 15], "replaced");
    // A locked value that the question count later falls below is replaced too.
    ok(await s.update({ testing_questions: 8 }));
    await s.remove(3);
    await s.expectShown([true, 5, 8], "N=7 < 8: replaced by auto");
  });

  it("rule 6: a negative testing_time forces automatic calculation at 1.5 minutes per question", async () => {
    const { s, reply } = await Scenario.start({ testing_time: -1 });
    expect(shown(ok(reply).exam)).toEqual([true, 0, 0]);
    await s.add(10);
    await s.expectShown([true, 10, 15], "rate on create");
    ok(await s.update({ testing_questions: 8, testing_time: 40 }));
    await s.expectShown([false, 8, 40], "both fixed");
    ok(await s.update({ testing_time: -5 }));
    await s.expectShown([false, 8, 12], "time by rate for the locked 8");
    // New questions alone lock the time in effect (contract 5 step 2) ...
    ok(await s.update({ testing_questions: 9 }));
    await s.expectShown([false, 9, 12], "questions changed: time locked at 12");
    // ... and a negative time puts it back on the rate, without turning auto on.
    ok(await s.update({ testing_time: -1 }));
    await s.expectShown([false, 9, 14], "rate for the locked 9 (ceil 13.5)");
    ok(await s.update({ testing_questions: 9, testing_time: -1 }));
    await s.expectShown([false, 9, 14], "same again: unchanged");
  });

  it("rule 7: on update an omitted testing_time keeps the stored value", async () => {
    const { s } = await Scenario.start();
    await s.add(10);
    ok(await s.update({ testing_time: 40 }));
    await s.expectShown([false, 10, 40], "time fixed");
    ok(await s.update({ title: "Other" }));
    await s.expectShown([false, 10, 40], "title changed");
    ok(await s.update({ testing_questions: 6 }));
    await s.expectShown([false, 6, 40], "questions changed, time kept");
    await s.add(5);
    await s.expectShown([false, 6, 40], "questions added, time kept");
  });

  it("rule 8: for exam type 3 an explicit or stored testing_time of 0 is rejected; positive or negative is required", async () => {
    // Explicit 0 on create: nothing stored.
    const { s: refused, reply } = await Scenario.start({ type: 3, testing_time: 0 });
    fails(reply, INVALID, "exam.testing_time", "testing_time_required");
    expect(refused.examId).toBe(0);
    expect(ok(await refused.u.call("exam.examList", {})).exams).toEqual([]);

    // Positive and negative are accepted.
    const { reply: positive } = await Scenario.start({ type: 3, testing_time: 30 });
    expect(shown(ok(positive).exam)).toEqual([false, 0, 30]);
    const { s, reply: negative } = await Scenario.start({ type: 3, testing_time: -1 });
    expect(shown(ok(negative).exam)).toEqual([true, 0, 0]);

    // Explicit 0 on update.
    await s.add(4);
    fails(await s.update({ testing_time: 0 }), INVALID, "exam.testing_time");
    await s.expectShown([true, 4, 6], "unchanged");

    // Stored 0 (from a type 2 exam) and not changed: moving to type 3 is refused ...
    const { s: test } = await Scenario.start({ type: 2 });
    await test.add(5);
    ok(await test.update({ testing_time: 0 }));
    await test.expectShown([false, 5, 0], "type 2 without time limit");
    fails(await test.update({ type: 3 }), INVALID, "exam.testing_time", "testing_time_required");
    expect((await test.exam()).type).toBe(2);
    // ... unless the same request gives a time.
    const moved = ok(await test.update({ type: 3, testing_time: 20 })).exam;
    expect(moved.type).toBe(3);
    expect(shown(moved)).toEqual([false, 5, 20]);
  });
});

// ---------------------------------------------------------------------------------------------
// Interface 7

describe("interface 7", () => {
  it("rule 3: for an exam of type 3, testing_time explicitly 0 (or stored 0 and not changed) is rejected", async () => {
    const { s } = await Scenario.start({ type: 3, testing_time: 50 });
    await s.add(2);
    const before = await examRow(t, s.examId);
    // Explicit 0, even with other valid changes in the same request.
    fails(await s.update({ testing_time: 0, title: "Changed" }), INVALID, "exam.testing_time", "testing_time_required");
    // Explicit 0 with testing_questions: 0 (auto wins for the value, but 0 is still refused).
    fails(await s.update({ testing_questions: 0, testing_time: 0 }), INVALID, "exam.testing_time");
    expect(await examRow(t, s.examId)).toEqual(before);

    // Stored 0: a type 1 exam without time limit cannot become type 3 without a time.
    const { s: quiz } = await Scenario.start({ type: 1 });
    await quiz.add(2);
    ok(await quiz.update({ testing_time: 0 }));
    await quiz.expectShown([false, 2, 0], "type 1, no time limit");
    fails(await quiz.update({ type: 3 }), INVALID, "exam.testing_time");
    fails(
      await quiz.update({ type: 3, title: "x", testing_questions: 0, testing_time: 0 }),
      INVALID,
      "exam.testing_time",
    );
    expect((await quiz.exam()).type).toBe(1);

    // An auto-calculated 0 (no questions yet) is never a rejection.
    const { s: empty } = await Scenario.start({ type: 3 });
    const saved = await empty.update({ title: "Still no questions" });
    expect(shown(ok(saved).exam)).toEqual([true, 0, 0]);
  });

  it("rule 4: testing_questions above the number of existing questions is no error; the auto value replaces it", async () => {
    const { s, reply } = await Scenario.start({ testing_questions: 100 });
    expect(reply.error).toBeUndefined();
    expect(reply.warnings).toEqual([]);
    expect(shown(ok(reply).exam)).toEqual([true, 0, 0]);
    await s.add(3);
    const updated = await s.update({ testing_questions: 4 });
    expect(updated.error).toBeUndefined();
    expect(warningCodes(updated)).toEqual(["unchanged"]);
    expect(shown(ok(updated).exam)).toEqual([true, 3, 5]);
    // Sent with a new time: auto-handling turns back on, so the time is calculated again too.
    const both = ok(await s.update({ testing_questions: 50, testing_time: 70 })).exam;
    expect(shown(both)).toEqual([true, 3, 5]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("rejection", () => {
  it("leaves the stored exam, its history and its status unchanged", async () => {
    const { s } = await Scenario.start({ type: 3, testing_time: 45, title: "Original" });
    await s.add(12);
    ok(await s.update({ testing_questions: 10 }));
    ok(await s.u.call("exam.examUpdateStatus", { id: s.examId, ready: true, ignore_warnings: true }));
    const row = await examRow(t, s.examId);
    const exam = await s.exam();
    const history = await auditRows(t, s.examId);

    const rejected: Record<string, unknown>[] = [
      { title: "Changed", testing_questions: 5, testing_time: 0 }, // type 3 with time 0
      { title: "Changed", testing_questions: -1 }, // negative questions
      { title: "Changed", testing_time: 30, passing_score: 101 }, // another rule broken alongside
    ];
    for (const fields of rejected) {
      const reply = await s.update(fields);
      fails(reply, INVALID);
      expect(await examRow(t, s.examId), JSON.stringify(fields)).toEqual(row);
    }
    expect(await s.exam()).toEqual(exam);
    expect(exam.status).toBe("ready");
    expect(await auditRows(t, s.examId)).toEqual(history);
  });

  it("refuses a negative testing_questions at its path", async () => {
    const { s } = await Scenario.start();
    fails(await s.update({ testing_questions: -3 }), INVALID, "exam.testing_questions", "invalid_testing_questions");
    fails((await Scenario.start({ testing_questions: -1 })).reply, INVALID, "exam.testing_questions");
  });

  it("warns when testing_questions: 0 overrides a testing_time sent in the same request", async () => {
    const { s } = await Scenario.start();
    await s.add(10);
    const reply = await s.update({ testing_questions: 0, testing_time: 30 });
    expect(shown(ok(reply).exam)).toEqual([true, 10, 15]);
    expect(reply.warning_details.map((w: { code: string; path: string }) => [w.code, w.path])).toEqual([
      ["testing_time_ignored", "exam.testing_time"],
      ["unchanged", "exam"],
    ]);
  });
});
