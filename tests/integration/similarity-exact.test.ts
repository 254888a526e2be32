// The similar_question look-up in memory trusts its own similarity for an all-ASCII pair: the
// database confirms such a candidate only by finding it still there with that text, and names it
// with the index's similarity (migration 0014's question_similarity_confirm). That holds only if the
// index computes pg_trgm's similarity() to the last bit, which this file checks against the real
// function, on both databases; and that the confirmation uses a similarity it is given, computes
// the others, and drops what is gone.
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeRows } from "@/db/client";
import { question } from "@/db/schema";
import { confirmSimilar } from "@/server/data/question-duplicates";
import { questionSimilarityText } from "@/server/domain/search-text";
import { SimilarityIndex } from "@/server/domain/similarity-index";
import { choiceQuestion, newExam, ok } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

// Words of every shape pg_trgm splits on: short ones (one and two letters make padded trigrams),
// digits, repeats, mixed case, and characters that are not word characters.
const word = fc.oneof(
  fc.constantFrom(
    "a",
    "I",
    "is",
    "of",
    "the",
    "which",
    "port",
    "HTTPS",
    "default",
    "server",
    "servers",
    "10",
    "2x",
    "ip4",
  ),
  fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
);
const separator = fc.constantFrom(" ", "  ", ", ", "? ", "-", "/", ". ", " (", ") ", "_", "'");
const text = fc
  .array(fc.tuple(word, separator), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.map(([w, s]) => w + s).join(""));
/** A text and another made from it by a few edits, so that pairs range from alike to unlike. */
const pair = fc.tuple(text, fc.array(fc.tuple(fc.nat(), word), { maxLength: 4 })).map(([a, edits]) => {
  const words = a.split(" ");
  for (const [at, w] of edits) words[at % words.length] = w;
  return [a, words.join(" ")] as const;
});

describe("the index's exact similarity", () => {
  it("is pg_trgm's similarity() of the two similarity texts, bit for bit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 20 }), async (pairs) => {
        const folded = pairs.map(([a, b]) => [questionSimilarityText(a), questionSimilarityText(b)] as const);
        const index = new SimilarityIndex();
        // One key for all: every question held is compared with every text looked up.
        index.upsertAll(folded.map(([, b], i) => ({ id: i + 1, examId: 1, text: b, keys: [7], version: 1 })));
        const [row] = await executeRows<{ s: number[] }>(
          t.db,
          sql`select array_agg(similarity(a, b)::float8 order by n) as s
            from unnest(${sql.param(folded.map(([a]) => a))}::text[], ${sql.param(folded.map(([, b]) => b))}::text[]) with ordinality as x(a, b, n)`,
        );
        const database = row!.s.map(Number);
        folded.forEach(([a], i) => {
          if (a === "") return;
          const found = index.candidates(a, [7], { threshold: 0.05, exceptId: null, maxCompared: 1_000 });
          const mine = found.find((c) => c.id === i + 1);
          if (database[i]! < 0.05) return;
          expect(mine, `${JSON.stringify(a)} ~ ${JSON.stringify(folded[i]![1])}`).toBeDefined();
          expect(mine!.exact).toBe(true);
          expect(Math.fround(mine!.similarity)).toBe(database[i]);
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe("question_similarity_confirm", () => {
  it("answers a candidate with the similarity it is given, computes the others, and drops what is gone", async () => {
    const exam = await newExam(ann, { title: "Confirmations" });
    const add = async (html: string) =>
      ok(await ann.call("exam.questionCreate", choiceQuestion(exam.id, html))).question.id;
    const base = "Which port does HTTPS use by default on a web server?";
    const [given, computed, rewritten, deleted] = await Promise.all([
      add(base),
      add("Which port does HTTPS use by default on a web servers?"),
      add("Which port does HTTPS use by default on the web server?"),
      add("Which port does HTTPS use by default on a web server"),
    ]);
    const textOf = async (id: number) =>
      (await t.db.select({ s: question.similarityText }).from(question).where(eq(question.id, id)))[0]!.s;
    const candidates = [
      // A similarity the database would not compute: it is answered as given.
      { id: given, examId: exam.id, text: await textOf(given), similarity: 0.9375, exact: true },
      { id: computed, examId: exam.id, text: await textOf(computed) },
      { id: rewritten, examId: exam.id, text: await textOf(rewritten), similarity: 0.95, exact: true },
      { id: deleted, examId: exam.id, text: await textOf(deleted), similarity: 0.99, exact: true },
    ];
    await t.db.update(question).set({ similarityText: "something else entirely" }).where(eq(question.id, rewritten));
    ok(await ann.call("exam.questionDelete", { id: deleted }));
    const target = { examId: exam.id, text: questionSimilarityText(base), threshold: 0.9, limit: 10 };
    const answered = await confirmSimilar(t.db, target, candidates);
    const [row] = await executeRows<{ s: number }>(
      t.db,
      sql`select similarity(${candidates[1]!.text}, ${target.text})::float8 as s`,
    );
    // Single precision, as pg_trgm answers (the json carries the shortest decimal of it).
    expect(answered.map((q) => [q.id, Math.fround(q.similarity)])).toEqual([
      [computed, Math.fround(Number(row!.s))],
      [given, Math.fround(0.9375)],
    ]);
    expect(answered.every((q) => q.examTitle === "Confirmations")).toBe(true);
    // A given similarity below the threshold is not answered either.
    expect(await confirmSimilar(t.db, target, [{ ...candidates[0]!, similarity: 0.5 }])).toEqual([]);
  });
});
