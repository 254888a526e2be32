// exam.examDraw (contract 15.1 point 4) over real HTTP: errors, the draw without weights, by the
// blueprint's weights with its shortfalls, seeds that repeat; and the readiness check's
// blueprint_short (15.1 point 5), for API clients and with the details the app words it from.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examDomain, question } from "@/db/schema";
import type { Issue } from "@/server/errors";
import { examUpdateStatus } from "@/server/operations/exam-update-status";
import { invokeOperation } from "@/server/rpc/invoke";
import { addQuestions, fails, newExam, ok, warningAt } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

/** The exam's blueprint: domains with their weights, in order; answers their ids. */
async function setBlueprint(examId: number, domains: { code: string; weight: number }[]): Promise<number[]> {
  const rows = await t.db
    .insert(examDomain)
    .values(
      domains.map((d, position) => ({ examId, position, code: d.code, name: `Domain ${d.code}`, weight: d.weight })),
    )
    .returning({ id: examDomain.id });
  return rows.map((r) => r.id);
}

/** Puts the questions in a domain (null: unassigned). */
async function assign(questionIds: number[], domainId: number | null) {
  await t.db.update(question).set({ domainId }).where(inArray(question.id, questionIds));
}

const draw = async (u: TestUser, params: object) => ok(await u.call("exam.examDraw", params));

/** The domain of each question id. */
async function domainsOf(ids: number[]): Promise<Map<number, number | null>> {
  const rows = await t.db
    .select({ id: question.id, domainId: question.domainId })
    .from(question)
    .where(inArray(question.id, ids));
  return new Map(rows.map((r) => [r.id, r.domainId]));
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
    const ids = await addQuestions(t, ann, exam.id, 9);
    const [zero] = await setBlueprint(exam.id, [{ code: "Z", weight: 0 }]);
    await assign(ids.slice(0, 4), zero!);
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
    const ids = await addQuestions(t, ann, exam.id, 30);
    const domains = await setBlueprint(exam.id, [
      { code: "A", weight: 50 },
      { code: "B", weight: 30 },
      { code: "C", weight: 20 },
    ]);
    await assign(ids.slice(0, 2), domains[0]!);
    await assign(ids.slice(2, 12), domains[1]!);
    await assign(ids.slice(12, 20), domains[2]!);
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
    const of = await domainsOf(drawn.questions);
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
    const of = await domainsOf(drawn.questions);
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

  async function setWeights(examId: number, weights: number[]) {
    const rows = await t.db.select().from(examDomain).where(eq(examDomain.examId, examId)).orderBy(examDomain.position);
    for (const [i, row] of rows.entries())
      await t.db.update(examDomain).set({ weight: weights[i]! }).where(eq(examDomain.id, row.id));
  }
});

describe("blueprint_short in the readiness check", () => {
  it("names each domain with fewer questions than its quota, with the quota and the count", async () => {
    const exam = await newExam(ann);
    const ids = await addQuestions(t, ann, exam.id, 20);
    const domains = await setBlueprint(exam.id, [
      { code: "1.0", weight: 50 },
      { code: "2.0", weight: 30 },
      { code: "3.0", weight: 20 },
    ]);
    await assign(ids.slice(0, 3), domains[0]!);
    await assign(ids.slice(3, 5), domains[1]!);
    await assign(ids.slice(5), domains[2]!);
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
    const ids = await addQuestions(t, ann, exam.id, 10);
    const domains = await setBlueprint(exam.id, [
      { code: "A", weight: 0 },
      { code: "B", weight: 0 },
    ]);
    await assign(ids.slice(0, 1), domains[0]!);
    const none = await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true });
    expect(ok(none).exam.status).toBe("ready");
    await t.db.update(examDomain).set({ weight: 50 }).where(inArray(examDomain.id, domains));
    await assign(ids.slice(0, 5), domains[0]!);
    await assign(ids.slice(5), domains[1]!);
    ok(await ann.call("exam.examUpdateStatus", { id: exam.id, ready: false }));
    expect(ok(await ann.call("exam.examUpdateStatus", { id: exam.id, ready: true })).exam.status).toBe("ready");
  });
});
