import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, DB_KIND, examInput, type TestApp, type TestUser } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
});
afterAll(() => t.close());

describe("smoke", () => {
  it("creates an exam and a question", async () => {
    // ok: no error, and a result with completed: true.
    const created = ok(await u.call("exam.examCreate", { exam: examInput() }));
    const q = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: created.exam.id, question: "<p>2+2?</p>", type: 1 },
        answers: [{ answer: "4", is_correct: true }, { answer: "5" }],
      }),
    );
    expect(q.answers).toHaveLength(2);
    const e = ok(await u.call("exam.examGet", { id: created.exam.id }));
    expect(e.exam.question_count).toBe(1);
    expect(e.exam.testing_questions).toBe(1);
    expect(e.exam.testing_time).toBe(2);
  });
});

describe.runIf(DB_KIND === "postgres")("the app's PostgreSQL connections", () => {
  it("run without JIT (compiling a short statement costs a hundred times running it)", async () => {
    const rows = (await t.db.execute(sql`select current_setting('jit') as jit`)) as unknown as { jit: string }[];
    expect(rows[0]!.jit).toBe("off");
  });
});
