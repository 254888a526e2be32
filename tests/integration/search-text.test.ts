// question.search_text and question.similarity_text (contract 15.2 points 1 and 3): every write
// path of a question's content stores both, as server/domain/search-text.ts computes them from
// what is stored, and the startup backfill fills in rows written before they existed.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, question } from "@/db/schema";
import { backfillSearchText, backfillSimilarityKeys } from "@/server/data/search-text";
import { questionSimilarityText, questionTextColumns } from "@/server/domain/search-text";
import { similarityKeys, trigrams } from "@/server/domain/similarity-keys";
import { executeRows } from "@/db/client";
import { fails, newExam, ok } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

/** The stored texts of a question, and what the domain module computes from its stored HTML. */
async function texts(id: number) {
  const [row] = await t.db.select().from(question).where(eq(question.id, id));
  const answers = await t.db.select().from(answer).where(eq(answer.questionId, id)).orderBy(answer.order, answer.id);
  return {
    stored: { searchText: row!.searchText, similarityText: row!.similarityText, similarityKeys: row!.similarityKeys },
    expected: questionTextColumns({ question: row!.question, explanation: row!.explanation, answers }),
  };
}

const choice = (examId: number, text: string, extra: Record<string, unknown> = {}) => ({
  question: {
    exam_id: examId,
    question: `<p>${text}</p>`,
    explanation: "<p>Un <strong>Réseau</strong> privé</p>",
    type: 1,
    ...extra,
  },
  answers: [
    { answer: "<p>Le Sous-réseau</p>", is_correct: true },
    { answer: "<p>A Router&nbsp;hop</p>", is_correct: false },
  ],
});

describe("question.search_text and similarity_text", () => {
  it("questionCreate stores both", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", choice(exam.id, "What is a <em>Subnet</em> Mask?"))).question
      .id;
    const { stored, expected } = await texts(id);
    expect(stored).toEqual(expected);
    expect(stored).toEqual({
      searchText: " what is a subnet mask un reseau prive le sous reseau a router hop ",
      similarityText: "what is a subnet mask",
      similarityKeys: similarityKeys("what is a subnet mask"),
    });
  });

  it("questionUpdate rewrites both, answers included; a refused update changes neither", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", choice(exam.id, "Old wording"))).question.id;
    const params = choice(exam.id, "New <b>Wording</b> über", { id });
    params.answers[1] = { answer: "<p>Gateway</p>", is_correct: false };
    ok(await ann.call("exam.questionUpdate", params));
    const { stored, expected } = await texts(id);
    expect(stored).toEqual(expected);
    expect(stored.similarityText).toBe("new wording uber");
    expect(stored.searchText).toContain(" gateway ");
    expect(stored.searchText).not.toContain("router");

    fails(await ann.call("exam.questionUpdate", { ...choice(exam.id, "Bad", { id }), answers: [] }), -32602);
    expect((await texts(id)).stored).toEqual(stored);
  });

  it("examImport's new questions (the bulk insert) and its updates of matched questions store both", async () => {
    const exam = await newExam(ann);
    const matched = ok(
      await ann.call("exam.questionCreate", choice(exam.id, "Before the import", { external_id: "q-1" })),
    ).question.id;
    const exported = ok(await ann.call("exam.examExport", { id: exam.id, format: "exam_json" }));
    const doc = JSON.parse(Buffer.from(exported.file.base64, "base64").toString("utf8")) as {
      questions: { external_id: string; question: string; answers: { answer: string }[] }[];
    };
    const first = doc.questions[0]!;
    doc.questions = [
      { ...first, question: "<p>After the Import: Ñandú</p>" },
      {
        ...first,
        external_id: "q-2",
        question: "<p>A brand-new Façade</p>",
        answers: first.answers.map((a) => ({ ...a, answer: `<p>Réponse ${a.answer}</p>` })),
      },
    ];
    const file = { name: "bank.exam.json", base64: Buffer.from(JSON.stringify(doc)).toString("base64") };
    const result = ok(await ann.call("exam.examImport", { file, exam_id: exam.id }));
    const ids = result.items.map((i) => i.question_id!).filter((id) => id !== null);
    expect(ids).toContain(matched);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const { stored, expected } = await texts(id);
      expect(stored).toEqual(expected);
    }
    expect((await texts(matched)).stored.similarityText).toBe("after the import nandu");
    const created = ids.find((id) => id !== matched)!;
    expect((await texts(created)).stored.similarityText).toBe("a brand new facade");
    expect((await texts(created)).stored.searchText).toContain(" reponse le sous reseau ");
  });

  it("an import of a plain-text format (Aiken) stores both", async () => {
    const aiken = "Quelle couche relie deux RÉSEAUX?\nA. La couche 3\nB. La couche 1\nANSWER: A\n";
    const exam = await newExam(ann);
    const result = ok(
      await ann.call("exam.examImport", {
        file: { name: "q.txt", base64: Buffer.from(aiken).toString("base64") },
        exam_id: exam.id,
      }),
    );
    const id = result.items[0]!.question_id!;
    const { stored, expected } = await texts(id);
    expect(stored).toEqual(expected);
    expect(stored.similarityText).toBe("quelle couche relie deux reseaux");
  });

  it("questionCopy and examDuplicate store both for every copy", async () => {
    const source = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", choice(source.id, "Copied <em>Élan</em>"))).question.id;
    const target = await newExam(ann);
    const [copy] = ok(await ann.call("exam.questionCopy", { ids: [id], exam_id: target.id })).questions;
    const duplicate = ok(await ann.call("exam.examDuplicate", { id: source.id })).exam;
    const [dupQuestion] = await t.db
      .select({ id: question.id })
      .from(question)
      .where(eq(question.examId, duplicate.id));
    for (const copied of [copy!.id, dupQuestion!.id]) {
      const { stored, expected } = await texts(copied);
      expect(stored).toEqual(expected);
      expect(stored).toEqual((await texts(id)).stored);
    }
  });

  it("the startup backfill fills in rows whose search_text is empty, and only those", async () => {
    const exam = await newExam(ann);
    const ids = await Promise.all(
      ["Première question", "Second <i>Question</i>"].map(
        async (text) => ok(await ann.call("exam.questionCreate", choice(exam.id, text))).question.id,
      ),
    );
    const other = ok(await ann.call("exam.questionCreate", choice(exam.id, "Left alone"))).question.id;
    await t.db.update(question).set({ searchText: "", similarityText: "" }).where(inArray(question.id, ids));
    // A value the backfill must not touch, to see that it reads only the empty ones.
    await t.db.update(question).set({ similarityText: "untouched" }).where(eq(question.id, other));
    expect(await backfillSearchText(t.db)).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const { stored, expected } = await texts(id);
      expect(stored).toEqual(expected);
    }
    expect((await texts(ids[0]!)).stored.similarityText).toBe("premiere question");
    expect((await texts(other)).stored.similarityText).toBe("untouched");
    const [{ empty }] = (await t.db
      .select({ empty: sql<number>`count(*)::int` })
      .from(question)
      .where(eq(question.searchText, ""))) as [{ empty: number }];
    expect(empty).toBe(0);
  });

  it("the startup backfill gives the keys to rows with a similarity_text and none, and only those", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", choice(exam.id, "Which mask makes a /26 subnet?"))).question.id;
    const other = ok(await ann.call("exam.questionCreate", choice(exam.id, "Left alone too"))).question.id;
    await t.db.update(question).set({ similarityKeys: [] }).where(eq(question.id, id));
    await t.db
      .update(question)
      .set({ similarityKeys: [7] })
      .where(eq(question.id, other));
    expect(await backfillSimilarityKeys(t.db)).toBeGreaterThanOrEqual(1);
    const { stored, expected } = await texts(id);
    expect(stored).toEqual(expected);
    expect(stored.similarityKeys).toHaveLength(30);
    expect((await texts(other)).stored.similarityKeys).toEqual([7]);
    expect(await backfillSimilarityKeys(t.db)).toBe(0);
  });

  it.each([
    "What is the default gateway of a subnet?",
    "<p>Café crème, naïve Straße — déjà vu!</p>",
    "IPv6 has 128-bit addresses; IPv4 32 (e.g. 10.0.0.1/8)",
    "Ωμέγα and Αλφα: x2 + y = 3,5",
    "a I 42 b-c d_e",
  ])("the trigrams are pg_trgm's show_trgm() of the similarity_text: %j", async (html) => {
    const text = questionSimilarityText(html);
    const [row] = await executeRows<{ trgm: string[] }>(t.db, sql`select show_trgm(${text}) as trgm`);
    const pg = row!.trgm;
    const ours = [...trigrams(text)];
    // pg_trgm shows a trigram with a multibyte character as a hash ("0x1a2b3c"): those are counted.
    const plain = (g: string) => /^[\x20-\x7e]{3}$/.test(g);
    expect(pg.filter((g) => !/^0x[0-9a-f]{6}$/.test(g)).sort()).toEqual(ours.filter(plain).sort());
    expect(pg.length).toBe(ours.length);
    expect(similarityKeys(text).length).toBe(text === "" ? 0 : 30);
  });
});
