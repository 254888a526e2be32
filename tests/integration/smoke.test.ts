import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, DB_KIND, examInput, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
});
afterAll(() => t.close());

describe("smoke", () => {
  it("creates an exam and a question", async () => {
    const created = await u.call("exam.examCreate", { exam: examInput() });
    expect(created.error).toBeUndefined();
    expect(created.result.completed).toBe(true);
    const q = await u.call("exam.questionCreate", {
      question: { exam_id: created.result.exam.id, question: "<p>2+2?</p>", type: 1 },
      answers: [{ answer: "4", is_correct: true }, { answer: "5" }],
    });
    expect(q.error).toBeUndefined();
    expect(q.result.answers).toHaveLength(2);
    const e = await u.call("exam.examGet", { id: created.result.exam.id });
    expect(e.result.exam.question_count).toBe(1);
    expect(e.result.exam.testing_questions).toBe(1);
    expect(e.result.exam.testing_time).toBe(2);
  });
});

describe.runIf(DB_KIND === "postgres")("the app's PostgreSQL connections", () => {
  it("run without JIT (compiling a short statement costs a hundred times running it)", async () => {
    const rows = (await t.db.execute(sql`select current_setting('jit') as jit`)) as unknown as { jit: string }[];
    expect(rows[0]!.jit).toBe("off");
  });
});
