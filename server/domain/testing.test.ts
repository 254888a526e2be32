import { describe, expect, it } from "vitest";
import {
  applyTestingRequest,
  autoQuestions,
  autoTime,
  initialTestingState,
  recomputeTesting,
  type TestingEffective,
  type TestingState,
} from "./testing";

const auto: TestingState = initialTestingState();
const locked = (lockedQuestions: number, time: "rate" | "none" | number): TestingState => ({
  auto: false,
  lockedQuestions,
  timeMode: time === "rate" || time === "none" ? time : "fixed",
  fixedTime: typeof time === "number" ? time : 0,
});

const effectiveOf = (state: TestingState, n: number): TestingEffective => recomputeTesting(state, n).effective;

/** One examCreate/examUpdate against a stored state, with `before` computed as the operation does. */
function save(
  state: TestingState,
  n: number,
  request: { testing_questions?: number; testing_time?: number } = {},
  examType = 2,
) {
  return applyTestingRequest({ state, before: effectiveOf(state, n), request, n, examType });
}

/** examCreate: stored state is the initial one, N is 0. */
function create(request: { testing_questions?: number; testing_time?: number } = {}, examType = 2) {
  return save(initialTestingState(), 0, request, examType);
}

const summary = (r: { state: TestingState; effective: TestingEffective }) => ({
  auto: r.state.auto,
  questions: r.effective.questions,
  time: r.effective.time,
});

describe("autoQuestions / autoTime", () => {
  it.each([
    [0, 0],
    [1, 1],
    [4, 4],
    [5, 5],
    [9, 5],
    [12, 10],
    [59, 55],
    [60, 60],
    [75, 60],
    [10_000, 60],
  ])("autoQuestions(%i) = %i", (n, q) => expect(autoQuestions(n)).toBe(q));

  it.each([
    [0, 0],
    [1, 2],
    [3, 5],
    [10, 15],
    [25, 38],
    [30, 45],
    [60, 90],
  ])("autoTime(%i) = %i", (q, t) => expect(autoTime(q)).toBe(t));
});

// Contract section 5, worked examples. "auto" = testing_auto.
type Call =
  | { kind: "count"; from: number; to: number } // questions added or deleted: step 4 alone
  | { kind: "create"; request: { testing_questions?: number; testing_time?: number }; type?: number }
  | { kind: "update"; n: number; request: { testing_questions?: number; testing_time?: number }; type?: number };

type Expected = { auto: boolean; questions: number; time: number } | "rejected";

const examples: { no: number; before: TestingState; call: Call; after: Expected }[] = [
  { no: 1, before: auto, call: { kind: "create", request: {} }, after: { auto: true, questions: 0, time: 0 } },
  { no: 2, before: auto, call: { kind: "update", n: 12, request: {} }, after: { auto: true, questions: 10, time: 15 } },
  { no: 3, before: auto, call: { kind: "update", n: 3, request: {} }, after: { auto: true, questions: 3, time: 5 } },
  { no: 4, before: auto, call: { kind: "update", n: 75, request: {} }, after: { auto: true, questions: 60, time: 90 } },
  {
    no: 5,
    before: auto,
    call: { kind: "update", n: 40, request: { testing_questions: 30 } },
    after: { auto: false, questions: 30, time: 60 },
  },
  {
    no: 6,
    before: locked(30, 60),
    call: { kind: "count", from: 40, to: 50 },
    after: { auto: false, questions: 30, time: 60 },
  },
  {
    no: 7,
    before: locked(30, 60),
    call: { kind: "update", n: 50, request: { testing_time: -1 } },
    after: { auto: false, questions: 30, time: 45 },
  },
  {
    no: 8,
    before: locked(30, "rate"),
    call: { kind: "update", n: 50, request: { testing_questions: 0 } },
    after: { auto: true, questions: 50, time: 75 },
  },
  {
    no: 9,
    before: auto,
    call: { kind: "update", n: 40, request: { testing_questions: 45 } },
    after: { auto: true, questions: 40, time: 60 },
  },
  {
    no: 10,
    before: auto,
    call: { kind: "update", n: 40, request: { testing_questions: 40, testing_time: 60 } },
    after: { auto: true, questions: 40, time: 60 },
  },
  {
    no: 11,
    before: auto,
    call: { kind: "update", n: 40, request: { testing_time: 90 } },
    after: { auto: false, questions: 40, time: 90 },
  },
  {
    no: 12,
    before: locked(30, 90),
    call: { kind: "count", from: 40, to: 25 },
    after: { auto: true, questions: 25, time: 38 },
  },
  { no: 13, before: auto, call: { kind: "update", n: 10, request: { testing_time: 0 }, type: 3 }, after: "rejected" },
  { no: 14, before: locked(20, "none"), call: { kind: "update", n: 20, request: {}, type: 3 }, after: "rejected" },
  {
    no: 15,
    before: auto,
    call: { kind: "create", request: {}, type: 3 },
    after: { auto: true, questions: 0, time: 0 },
  },
  {
    no: 16,
    before: auto,
    call: { kind: "create", request: { testing_questions: 20 } },
    after: { auto: true, questions: 0, time: 0 },
  },
];

describe("contract section 5 worked examples", () => {
  it.each(examples)("example $no", ({ before, call, after }) => {
    if (call.kind === "count") {
      // The stored state was saved while the exam had `from` questions.
      expect(recomputeTesting(before, call.from).state).toEqual(before);
      const result = recomputeTesting(before, call.to);
      expect(after).not.toBe("rejected");
      expect(summary(result)).toEqual(after);
      return;
    }
    const result =
      call.kind === "create" ? create(call.request, call.type) : save(before, call.n, call.request, call.type);
    if (after === "rejected") {
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]!.path).toBe("exam.testing_time");
      return;
    }
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(summary(result)).toEqual(after);
  });

  it("examples 5 to 8 chained: each call starts from the state the previous one stored", () => {
    const five = save(auto, 40, { testing_questions: 30 });
    expect(summary(five)).toEqual({ auto: false, questions: 30, time: 60 });
    const six = recomputeTesting(five.state, 50);
    expect(summary(six)).toEqual({ auto: false, questions: 30, time: 60 });
    const seven = save(six.state, 50, { testing_time: -1 });
    expect(summary(seven)).toEqual({ auto: false, questions: 30, time: 45 });
    const eight = save(seven.state, 50, { testing_questions: 0 });
    expect(summary(eight)).toEqual({ auto: true, questions: 50, time: 75 });
  });

  it("examples 2 to 4: any save (an update without either field, or a count change) gives the same", () => {
    for (const [n, q, t] of [
      [12, 10, 15],
      [3, 3, 5],
      [75, 60, 90],
    ] as const) {
      expect(summary(recomputeTesting(auto, n))).toEqual({ auto: true, questions: q, time: t });
      expect(summary(save(auto, n))).toEqual({ auto: true, questions: q, time: t });
    }
  });
});

describe("step 1: start from the stored state", () => {
  it("create starts with auto on and the time set by rate", () => {
    expect(initialTestingState()).toEqual({ auto: true, lockedQuestions: 0, timeMode: "rate", fixedTime: 0 });
  });

  it("an update without either field keeps the stored locks", () => {
    const stored = locked(30, 90);
    const r = save(stored, 40);
    expect(r.state).toEqual(stored);
    expect(summary(r)).toEqual({ auto: false, questions: 30, time: 90 });
  });
});

describe("step 2: testing_questions sent", () => {
  it("0 turns auto on", () => {
    const r = save(locked(30, 90), 40, { testing_questions: 0 });
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
  });

  it("positive and different locks the questions and the time in effect (as fixed)", () => {
    // Time by rate for 30 questions is 45; after locking 20 it stays 45 rather than becoming 30.
    const r = save(locked(30, "rate"), 40, { testing_questions: 20 });
    expect(r.state).toEqual({ auto: false, lockedQuestions: 20, timeMode: "fixed", fixedTime: 45 });
    expect(summary(r)).toEqual({ auto: false, questions: 20, time: 45 });
  });

  it("positive and different does not lock the time when the same request sets it", () => {
    const r = save(auto, 40, { testing_questions: 20, testing_time: -1 });
    expect(summary(r)).toEqual({ auto: false, questions: 20, time: 30 });
    const fixed = save(auto, 40, { testing_questions: 20, testing_time: 60 });
    expect(fixed.state).toEqual({ auto: false, lockedQuestions: 20, timeMode: "fixed", fixedTime: 60 });
  });

  it("equal to the value in effect changes nothing", () => {
    const r = save(auto, 40, { testing_questions: 40 });
    expect(r.state).toEqual(auto);
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
  });

  it("negative is an error at exam.testing_questions that says what is allowed", () => {
    const r = save(auto, 40, { testing_questions: -5 });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ path: "exam.testing_questions", code: "invalid_testing_questions" });
    expect(r.errors[0]!.message).toMatch(/-5/);
    expect(r.errors[0]!.message).toMatch(/0 \(automatic/);
    expect(r.errors[0]!.message).toMatch(/positive/);
  });
});

describe("step 3: testing_time sent", () => {
  it("negative sets the time by rate and leaves auto off", () => {
    const r = save(locked(20, 90), 40, { testing_time: -1 });
    expect(r.state.timeMode).toBe("rate");
    expect(summary(r)).toEqual({ auto: false, questions: 20, time: 30 });
  });

  it("negative leaves auto on", () => {
    const r = save(auto, 40, { testing_time: -10 });
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
  });

  it("positive and different turns auto off, fixes the time and locks the questions in effect", () => {
    const r = save(auto, 40, { testing_time: 100 });
    expect(r.state).toEqual({ auto: false, lockedQuestions: 40, timeMode: "fixed", fixedTime: 100 });
    // Adding questions later keeps both.
    expect(summary(recomputeTesting(r.state, 80))).toEqual({ auto: false, questions: 40, time: 100 });
  });

  it("positive and different keeps the questions this request sets", () => {
    const r = save(auto, 40, { testing_questions: 25, testing_time: 100 });
    expect(summary(r)).toEqual({ auto: false, questions: 25, time: 100 });
  });

  it("equal to the value in effect changes nothing", () => {
    const r = save(auto, 40, { testing_time: 60 });
    expect(r.state).toEqual(auto);
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
  });

  it("0 different from the value in effect means no time limit and turns auto off", () => {
    const r = save(auto, 40, { testing_time: 0 });
    expect(r.state).toEqual({ auto: false, lockedQuestions: 40, timeMode: "none", fixedTime: 0 });
    expect(summary(r)).toEqual({ auto: false, questions: 40, time: 0 });
    expect(r.errors).toEqual([]);
  });

  it("with testing_questions: 0, auto wins and a positive testing_time is ignored with a warning", () => {
    const r = save(locked(20, 90), 40, { testing_questions: 0, testing_time: 90 });
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ path: "exam.testing_time", code: "testing_time_ignored" });
    expect(r.errors).toEqual([]);
  });

  it("with testing_questions: 0, a zero testing_time is ignored with a warning too", () => {
    const r = save(locked(20, 90), 40, { testing_questions: 0, testing_time: 0 });
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
    expect(r.warnings.map((w) => w.path)).toEqual(["exam.testing_time"]);
  });

  it("with testing_questions: 0, a negative testing_time is no warning", () => {
    const r = save(locked(20, 90), 40, { testing_questions: 0, testing_time: -1 });
    expect(summary(r)).toEqual({ auto: true, questions: 40, time: 60 });
    expect(r.warnings).toEqual([]);
  });
});

describe("step 4: what is in effect", () => {
  it("auto on: auto_questions(N) and auto_time of that", () => {
    expect(summary(recomputeTesting(auto, 33))).toEqual({ auto: true, questions: 30, time: 45 });
  });

  it("auto off: the locked questions, time by rate / none / fixed", () => {
    expect(recomputeTesting(locked(20, "rate"), 40).effective).toEqual({ questions: 20, time: 30 });
    expect(recomputeTesting(locked(20, "none"), 40).effective).toEqual({ questions: 20, time: 0 });
    expect(recomputeTesting(locked(20, 77), 40).effective).toEqual({ questions: 20, time: 77 });
  });

  it("locked questions equal to N stay locked", () => {
    expect(summary(recomputeTesting(locked(20, 77), 20))).toEqual({ auto: false, questions: 20, time: 77 });
  });

  it("locked questions above N turn auto back on, silently", () => {
    const r = recomputeTesting(locked(20, 77), 19);
    expect(r.state.auto).toBe(true);
    expect(r.effective).toEqual({ questions: 15, time: 23 });
    const viaSave = save(locked(20, 77), 19);
    expect(viaSave.errors).toEqual([]);
    expect(viaSave.warnings).toEqual([]);
  });
});

describe("step 5: type 3 needs a time limit", () => {
  it("testing_time: 0 sent is rejected even when 0 is already in effect", () => {
    // Auto with N = 0 has 0 minutes in effect.
    const r = save(auto, 0, { testing_time: 0 }, 3);
    expect(r.errors.map((e) => [e.path, e.code])).toEqual([["exam.testing_time", "testing_time_required"]]);
    expect(r.errors[0]!.message).toMatch(/positive number of minutes/);
  });

  it("testing_time: 0 sent is rejected even when testing_questions: 0 makes auto win", () => {
    const r = save(locked(20, 90), 40, { testing_questions: 0, testing_time: 0 }, 3);
    expect(r.errors.map((e) => e.path)).toEqual(["exam.testing_time"]);
  });

  it("a stored 'none' that this request does not change is rejected", () => {
    const r = save(locked(20, "none"), 40, { testing_questions: 15 }, 3);
    expect(r.errors.map((e) => e.path)).toEqual(["exam.testing_time"]);
    expect(r.errors[0]!.message).toMatch(/stored testing_time is 0/);
  });

  it("a stored 'none' changed by this request is accepted", () => {
    expect(save(locked(20, "none"), 40, { testing_time: -1 }, 3).errors).toEqual([]);
    expect(save(locked(20, "none"), 40, { testing_time: 30 }, 3).errors).toEqual([]);
    expect(save(locked(20, "none"), 40, { testing_questions: 0 }, 3).errors).toEqual([]);
  });

  it("auto-calculated time is never a rejection, even when it is 0", () => {
    expect(save(auto, 0, {}, 3).errors).toEqual([]);
    // Locked above N: auto turns back on, so the stored 'none' no longer applies.
    expect(save(locked(20, "none"), 10, {}, 3).errors).toEqual([]);
  });

  it("other exam types may have no time limit", () => {
    expect(save(auto, 40, { testing_time: 0 }, 1).errors).toEqual([]);
    expect(save(locked(20, "none"), 40, {}, 2).errors).toEqual([]);
  });
});

// Interface document section 3.2.
describe("interface 3.2", () => {
  it("rule 1: auto-handling is on by default and recalculated on every save, including question count changes", () => {
    const created = create();
    expect(created.state.auto).toBe(true);
    expect(summary(recomputeTesting(created.state, 7))).toEqual({ auto: true, questions: 5, time: 8 });
    expect(summary(recomputeTesting(created.state, 65))).toEqual({ auto: true, questions: 60, time: 90 });
  });

  it("rule 2: the default testing_questions is 60, or the question total rounded to a multiple of 5 below 60", () => {
    expect(recomputeTesting(auto, 61).effective.questions).toBe(60);
    expect(recomputeTesting(auto, 58).effective.questions).toBe(55);
    expect(recomputeTesting(auto, 25).effective.questions).toBe(25);
  });

  it("rule 3: testing_questions = 0 turns auto-handling back on", () => {
    const off = save(auto, 40, { testing_questions: 20 });
    expect(off.state.auto).toBe(false);
    expect(save(off.state, 40, { testing_questions: 0 }).state.auto).toBe(true);
  });

  it("rule 4: a nonzero value that differs turns auto-handling off and locks both values until testing_questions is 0", () => {
    const byQuestions = save(auto, 40, { testing_questions: 20 });
    const byTime = save(auto, 40, { testing_time: 20 });
    for (const r of [byQuestions, byTime]) {
      expect(r.state.auto).toBe(false);
      // Questions added: nothing moves.
      expect(recomputeTesting(r.state, 55).effective).toEqual(r.effective);
      // An unrelated update: nothing moves.
      expect(save(r.state, 55).effective).toEqual(r.effective);
      // Set back to 0: auto again.
      expect(summary(save(r.state, 55, { testing_questions: 0 }))).toEqual({ auto: true, questions: 55, time: 83 });
    }
  });

  it("rule 5: testing_questions above the number of questions is not rejected but replaced by the auto value", () => {
    const r = save(auto, 12, { testing_questions: 50 });
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(summary(r)).toEqual({ auto: true, questions: 10, time: 15 });
  });

  it("rule 6: a negative testing_time forces automatic calculation at 1.5 minutes per question", () => {
    const r = save(locked(22, 99), 40, { testing_time: -1 });
    expect(r.effective.time).toBe(33);
  });

  it("rule 7: on update, an omitted testing_time keeps the stored value", () => {
    expect(save(locked(20, 99), 40, { testing_questions: 20 }).effective.time).toBe(99);
    expect(save(locked(20, 99), 40, { testing_questions: 25 }).effective.time).toBe(99);
    expect(save(locked(20, "none"), 40, {}).effective.time).toBe(0);
  });

  it("rule 8: for exam type 3 an explicit or stored testing_time of 0 is rejected; positive or negative is accepted", () => {
    expect(save(auto, 40, { testing_time: 0 }, 3).errors).toHaveLength(1);
    expect(save(locked(20, "none"), 40, {}, 3).errors).toHaveLength(1);
    expect(save(auto, 40, { testing_time: 45 }, 3).errors).toEqual([]);
    expect(save(auto, 40, { testing_time: -1 }, 3).errors).toEqual([]);
  });
});

describe("a lock at 0 questions follows the question count", () => {
  it("examCreate with only testing_time fixes the time and lets the questions follow N", () => {
    const created = applyTestingRequest({
      state: initialTestingState(),
      before: { questions: 0, time: 0 },
      request: { testing_time: 90 },
      n: 0,
      examType: 2,
    });
    expect(created.state).toMatchObject({ auto: false, lockedQuestions: 0, timeMode: "fixed", fixedTime: 90 });
    expect(recomputeTesting(created.state, 12).effective).toEqual({ questions: 10, time: 90 });
    expect(recomputeTesting(created.state, 75).effective).toEqual({ questions: 60, time: 90 });
  });

  it("a later change of time alone keeps the questions following N", () => {
    const state = { auto: false, lockedQuestions: 0, timeMode: "fixed" as const, fixedTime: 90 };
    const r = applyTestingRequest({
      state,
      before: { questions: 10, time: 90 },
      request: { testing_time: 45 },
      n: 12,
      examType: 2,
    });
    expect(r.state.lockedQuestions).toBe(0);
    expect(r.effective).toEqual({ questions: 10, time: 45 });
  });
});
