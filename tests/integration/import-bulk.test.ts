// An import of many questions is a bulk write (contract 13.2.8): more questions than one of its
// multi-row statements holds land after the exam's own questions, in file order, each with its
// answers and its history entry (questionGet's view, as questionCreate records it), the exam's
// count following; a second import continues after the first. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_CHUNK } from "@/server/data/question-bulk-insert";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";
import type { ResultOf } from "@/server/rpc/operation-types";

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const COUNT = BULK_CHUNK * 2 + 37;

/** A GIFT file of `count` single-choice questions, numbered from `from`. */
function giftFile(count: number, from = 1) {
  const lines: string[] = [];
  for (let i = from; i < from + count; i++)
    lines.push(`::Q${i}:: Question ${i}? {=Right ${i} ~Wrong ${i}a ~Wrong ${i}b}`, "");
  return { name: `bulk-${from}.gift`, base64: Buffer.from(lines.join("\n")).toString("base64") };
}

async function allQuestions(examId: number) {
  const found: ResultOf<"exam.questionList">["questions"] = [];
  let cursor: string | null = null;
  do {
    const page: ResultOf<"exam.questionList"> = ok(
      await ann.call("exam.questionList", { exam_id: examId, limit: 200, ...(cursor ? { cursor } : {}) }),
    );
    found.push(...page.questions);
    cursor = page.next_cursor;
  } while (cursor);
  return found;
}

describe("an import of many questions", () => {
  it("writes them after the exam's own, in file order, with answers, history and the exam's count", async () => {
    const examId = ok(await ann.call("exam.examCreate", { exam: examInput({ title: "Bulk" }) })).exam.id;
    for (const n of [1, 2]) {
      ok(
        await ann.call("exam.questionCreate", {
          question: { exam_id: examId, type: 1, question: `<p>Own ${n}</p>` },
          answers: [
            { answer: "<p>a</p>", is_correct: true },
            { answer: "<p>b</p>", is_correct: false },
          ],
        }),
      );
    }
    const first = ok(await ann.call("exam.examImport", { file: giftFile(COUNT), format: "gift", exam_id: examId }));
    expect([first.created, first.updated, first.skipped]).toEqual([COUNT, 0, 0]);
    const second = ok(
      await ann.call("exam.examImport", { file: giftFile(3, COUNT + 1), format: "gift", exam_id: examId }),
    );
    expect(second.created).toBe(3);

    const questions = await allQuestions(examId);
    expect(questions).toHaveLength(COUNT + 5);
    expect(questions.map((q) => q.question)).toEqual([
      "<p>Own 1</p>",
      "<p>Own 2</p>",
      ...Array.from({ length: COUNT + 3 }, (_, i) => `<p>Question ${i + 1}?</p>`),
    ]);
    const ids = [...first.items, ...second.items].map((item) => item.question_id);
    expect(questions.slice(2).map((q) => q.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);

    const exam = ok(await ann.call("exam.examGet", { id: examId })).exam;
    expect(exam.question_count).toBe(COUNT + 5);

    // One question from each statement: as stored, with its answers, and its history entry the same view.
    for (const at of [0, BULK_CHUNK, COUNT - 1]) {
      const got = ok(await ann.call("exam.questionGet", { id: ids[at] }));
      expect(got.answers.map((a) => [a.answer, a.is_correct])).toEqual([
        [`<p>Right ${at + 1}</p>`, true],
        [`<p>Wrong ${at + 1}a</p>`, false],
        [`<p>Wrong ${at + 1}b</p>`, false],
      ]);
      const history = ok(
        await ann.call("exam.historyList", { exam_id: examId, object_type: "question", object_id: ids[at] }),
      ).entries;
      expect(history).toHaveLength(1);
      expect(history[0]!.method).toBe("exam.examImport");
      expect(history[0]!.snapshot).toEqual({ question: got.question, answers: got.answers });
    }
    const examEntries = ok(await ann.call("exam.historyList", { exam_id: examId, object_type: "exam" })).entries;
    expect(examEntries.filter((e) => e.method === "exam.examImport")).toHaveLength(2);
  });
});
