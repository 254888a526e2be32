// exam.examDraw (contract 15.1 point 4) over real HTTP: errors, the draw without weights, by the
// blueprint's weights with its shortfalls, seeds that repeat; and the readiness check's
// blueprint_short (15.1 point 5), for API clients and with the details the app words it from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Issue } from "@/server/errors";
import { examUpdateStatus } from "@/server/operations/exam-update-status";
import { invokeOperation } from "@/server/rpc/invoke";
import { addQuestions, batch, choiceQuestion, fails, newExam, ok, warningAt } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

/** Sets the exam's blueprint (examUpdate): domains with their weights, in order; answers their ids. */
async function setBlueprint(examId: number, domains: { code: string; weight: number }[]): Promise<number[]> {
  ok(
    await ann.call("exam.examUpdate", {
      exam: { id: examId, domains: domains.map((d) => ({ ...d, name: `Domain ${d.code}` })) },
    }),
  );
  return ok(await ann.call("exam.examGet", { id: examId })).exam.domains.map((d) => d.id);
}

/** Changes the weights of the exam's domains, in order (examUpdate, each domain kept by its id). */
async function setWeights(examId: number, weights: number[]) {
  const { domains } = ok(await ann.call("exam.examGet", { id: examId })).exam;
  ok(
    await ann.call("exam.examUpdate", {
      exam: { id: examId, domains: domains.map((d, i) => ({ ...d, weight: weights[i]! })) },
    }),
  );
}

/** Adds `k` questions in the domain (null: unassigned); answers their ids. */
async function addQuestionsIn(examId: number, k: number, domainId: number | null): Promise<number[]> {
  const replies = await batch(
    t,
    ann,
    Array.from({ length: k }, (_, i) => {
      const q = choiceQuestion(examId, `Question ${i + 1} of ${domainId ?? "none"}`);
      return {
        method: "exam.questionCreate" as const,
        params: { ...q, question: { ...q.question, domain_id: domainId } },
      };
    }),
  );
  return replies.map((r) => ok(r).question.id);
}

const draw = async (u: TestUser, params: object) => ok(await u.call("exam.examDraw", params));

/** The domain of each of the exam's questions, by id (questionList). */
async function domainsOf(examId: number): Promise<Map<number, number | null>> {
  const { questions } = ok(await ann.call("exam.questionList", { exam_id: examId, limit: 200 }));
  return new Map(questions.map((q) => [q.id, q.domain_id]));
}

describe("exam.examDraw: errors", () => {
  it("answers -32004 for an exam that does not exist or is not the caller's", async () => {
    fails(await ann.call("exam.examDraw", { id: 2147483647 }), -32004);
    const other = await t.newUser();
    const theirs = await newExam(other);
    fails(await ann.call("exam.examDraw", { id: theirs.id, seed: 1 }), -32004);
  });

  it("answers -32602 at seed for a seed outside 0 to 2^32 − 1, or not an integer", async () => {
    const exam = await newExam(ann);
    for (const seed of [-1, 4294967296, 1.5, "7", null, true]) {
      const issues = fails(await ann.call("exam.examDraw", { id: exam.id, seed }), -32602, "seed");
      expect(
        issues.every((i) => i.path === "seed"),
        JSON.stringify(issues),
      ).toBe(true);
    }
    fails(await ann.call("exam.examDraw", { seed: 1 }), -32602, "id");
    fails(await ann.call("exam.examDraw", { id: 0 }), -32602, "id");
  });

  it("accepts the extreme seeds, and warns of an unknown param", async () => {
    const exam = await newExam(ann);
    await addQuestions(t, ann, exam.id, 3);
    for (const seed of [0, 4294967295]) expect((await draw(ann, { id: exam.id, seed })).seed).toBe(seed);
    const reply = await ann.call("exam.examDraw", { id: exam.id, seed: 3, sed: 4 });
    expect(warningAt(reply, "")?.code).toBe("unknown_field");
  });
});

describe("exam.examDraw without weights", () => {
  it("draws testing_questions at random from all questions; the same seed draws the same", async () => {
    const exam = await newExam(ann);
    const ids = await addQuestions(t, ann, exam.id, 12);
    // 12 questions: auto-handling presents 10.
    const first = await draw(ann, { id: exam.id, seed: 42 });
    expect(first.seed).toBe(42);
    expect(first.questions).toHaveLength(10);
    expect(new Set(first.questions).size).toBe(10);
    expect(first.questions.every((id) => ids.includes(id))).toBe(true);
    expect(first.by_domain).toEqual([{ domain_id: null, quota: 0, drawn: 10 }]);
    expect(await draw(ann, { id: exam.id, seed: 42 })).toEqual(first);
    const others = await Promise.all([1, 2, 3].map((seed) => draw(ann, { id: exam.id, seed })));
    expect(others.some((o) => o.questions.join() !== first.questions.join())).toBe(true);
  });

  it("answers a random seed when none is sent, which repeats the draw", async () => {
    const exam = await newExam(ann);
    await addQuestions(t, ann, exam.id, 8);
    const seeds = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const drawn = await draw(ann, { id: exam.id });
      expect(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed <= 4294967295).toBe(true);
      expect(await draw(ann, { id: exam.id, seed: drawn.seed })).toEqual(drawn);
      seeds.add(drawn.seed);
    }
    expect(seeds.size).toBeGreaterThan(1);
  });

  it("presents in the exam's order when questions are not shuffled, and treats weights of 0 as none", async () => {
    const exam = await newExam(ann, { shuffle_questsion: false });
    const [zero] = await setBlueprint(exam.id, [{ code: "Z", weight: 0 }]);
    const ids = [...(await addQuestionsIn(exam.id, 4, zero!)), ...(await addQuestionsIn(exam.id, 5, null))];
    const drawn = await draw(ann, { id: exam.id, seed: 9 });
    // 9 questions: 5 presented, in the exam's order.
    expect(drawn.questions).toHaveLength(5);
    expect(drawn.questions).toEqual(ids.filter((id) => drawn.questions.includes(id)));
    expect(drawn.by_domain.map((d) => d.quota)).toEqual([0, 0]);
    expect(drawn.by_domain.map((d) => d.domain_id)).toEqual([zero, null]);
    expect(drawn.by_domain[0]!.drawn + drawn.by_domain[1]!.drawn).toBe(5);
  });

  it("draws nothing from an exam without questions", async () => {
    const exam = await newExam(ann);
    expect(await draw(ann, { id: exam.id, seed: 1 })).toEqual({
      questions: [],
      seed: 1,
      by_domain: [{ domain_id: null, quota: 0, drawn: 0 }],
      completed: true,
    });
  });
});

describe("exam.examDraw by the blueprint's weights", () => {
  /** Domains A 50, B 30, C 20 holding 2, 10 and 8 questions, and 10 unassigned ones; N presented. */
  async function blueprintExam(n: number) {
    const exam = await newExam(ann);
    const domains = await setBlueprint(exam.id, [
      { code: "A", weight: 50 },
      { code: "B", weight: 30 },
      { code: "C", weight: 20 },
    ]);
    const ids = [
      ...(await addQuestionsIn(exam.id, 2, domains[0]!)),
      ...(await addQuestionsIn(exam.id, 10, domains[1]!)),
      ...(await addQuestionsIn(exam.id, 8, domains[2]!)),
      ...(await addQuestionsIn(exam.id, 10, null)),
    ];
    ok(await ann.call("exam.examUpdate", { exam: { id: exam.id, testing_questions: n } }));
    return { exam, ids, domains };
  }

  it("meets each quota from the domain's own questions when it can", async () => {
    const { exam, domains } = await blueprintExam(20);
    await setWeights(exam.id, [10, 50, 40]);
    const drawn = await draw(ann, { id: exam.id, seed: 77 });
    // Quotas of 20: 2, 10, 8 — exactly what each domain has.
    expect(drawn.by_domain).toEqual([
      { domain_id: domains[0], quota: 2, drawn: 2 },
      { domain_id: domains[1], quota: 10, drawn: 10 },
      { domain_id: domains[2], quota: 8, drawn: 8 },
      { domain_id: null, quota: 0, drawn: 0 },
    ]);
    const of = await domainsOf(exam.id);
    expect(drawn.questions.filter((id) => of.get(id) === domains[1]).length).toBe(10);
  });

  it("moves a short domain's shortfall to the weighted domains that still have questions", async () => {
    const { exam, domains } = await blueprintExam(20);
    // Quotas of 20: 10, 6, 4. A has 2: its 8 go to B and C by weight (5 and 3), B can take 4 of
    // them, and the last one goes to C.
    const drawn = await draw(ann, { id: exam.id, seed: 5 });
    expect(drawn.by_domain).toEqual([
      { domain_id: domains[0], quota: 10, drawn: 2 },
      { domain_id: domains[1], quota: 6, drawn: 10 },
      { domain_id: domains[2], quota: 4, drawn: 8 },
      { domain_id: null, quota: 0, drawn: 0 },
    ]);
    const of = await domainsOf(exam.id);
    expect(drawn.questions.filter((id) => of.get(id) === null)).toEqual([]);
    expect(await draw(ann, { id: exam.id, seed: 5 })).toEqual(drawn);
  });

  it("draws unassigned questions only when the weighted domains cannot fill N", async () => {
    const { exam, domains } = await blueprintExam(25);
    // Quotas of 25: 12.5, 7.5, 5 → 13, 7, 5 (the tie goes to A, which comes first); the weighted
    // domains hold 20, so 5 unassigned questions are drawn.
    const drawn = await draw(ann, { id: exam.id, seed: 11 });
    expect(drawn.by_domain).toEqual([
      { domain_id: domains[0], quota: 13, drawn: 2 },
      { domain_id: domains[1], quota: 7, drawn: 10 },
      { domain_id: domains[2], quota: 5, drawn: 8 },
      { domain_id: null, quota: 0, drawn: 5 },
    ]);
    expect(new Set(drawn.questions).size).toBe(25);
  });

  it("draws other unassigned questions for another seed, and the same for the same seed", async () => {
    const { exam, ids } = await blueprintExam(25);
    const unassigned = ids.slice(20);
    expect((await domainsOf(exam.id)).get(unassigned[0]!)).toBeNull();
    const picks = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const drawn = await draw(ann, { id: exam.id, seed });
      expect(await draw(ann, { id: exam.id, seed })).toEqual(drawn);
      picks.add(
        drawn.questions
          .filter((id) => unassigned.includes(id))
          .sort((a, b) => a - b)
          .join(),
      );
    }
    expect(picks.size).toBeGreaterThan(1);
  });
});

describe("blueprint_short in the readiness check", () => {
  it("names each domain with fewer questions than its quota, with the quota and the count", async () => {
    const exam = await newExam(ann);
    const domains = await setBlueprint(exam.id, [
      { code: "1.0", weight: 50 },
      { code: "2.0", weight: 30 },
      { code: "3.0", weight: 20 },
    ]);
    await addQuestionsIn(exam.id, 3, domains[0]!);
    await addQuestionsIn(exam.id, 2, domains[1]!);
    await addQuestionsIn(exam.id, 15, domains[2]!);
    // 20 questions presented: quotas 10, 6, 4; the first two domains are short.
    const refused = await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true });
    const issues = fails(refused, -32602, "exam.domains[0]", "blueprint_short");
    expect(issues.filter((i) => i.code === "blueprint_short")).toEqual([
      {
        code: "blueprint_short",
        path: "exam.domains[0]",
        message: 'domain "1.0" (Domain 1.0) has 3 question(s) but its quota is 10 of the 20 drawn',
      },
      {
        code: "blueprint_short",
        path: "exam.domains[1]",
        message: 'domain "2.0" (Domain 2.0) has 2 question(s) but its quota is 6 of the 20 drawn',
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
    const short = inApp.error!.data.issues.find((i) => i.code === "blueprint_short")!;
    expect(short.details).toEqual({
      domain: { id: domains[0], code: "1.0", name: "Domain 1.0" },
      quota: 10,
      count: 3,
      presented: 20,
    });

    // Marked ready anyway, the draw still presents 20, filled from the domains that have more.
    const ready = await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
    expect(ready.warning_details.filter((w) => w.code === "blueprint_short")).toHaveLength(2);
    expect((await draw(ann, { id: exam.id, seed: 3 })).questions).toHaveLength(20);
  });

  it("finds nothing without weights, or when every quota is met", async () => {
    const exam = await newExam(ann);
    const domains = await setBlueprint(exam.id, [
      { code: "A", weight: 0 },
      { code: "B", weight: 0 },
    ]);
    await addQuestionsIn(exam.id, 1, domains[0]!);
    await addQuestionsIn(exam.id, 9, null);
    const none = await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true });
    expect(ok(none).exam.status).toBe("ready");
    // 10 questions presented: quotas 5 and 5, met.
    await setWeights(exam.id, [50, 50]);
    await addQuestionsIn(exam.id, 4, domains[0]!);
    await addQuestionsIn(exam.id, 5, domains[1]!);
    ok(await ann.call("exam.examUpdate", { exam: { id: exam.id, testing_questions: 10 } }));
    expect(ok(await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true })).exam.status).toBe("ready");
  });
});
