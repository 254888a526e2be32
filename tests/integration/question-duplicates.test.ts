// Near duplicates (contract 15.2 point 3) over real HTTP: the similar_question advice of
// questionCreate and questionUpdate (named at most 3, across the workspace's exams, never across
// workspaces, never the question itself, at 0.9), which the readiness check does not count; and
// exam.questionDuplicates (groups, their order, scope, threshold, errors that change nothing).
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exam as examTable, question } from "@/db/schema";
import { Report, type Issue } from "@/server/errors";
import { invokeOperation } from "@/server/rpc/invoke";
import { similarQuestions } from "@/server/data/question-duplicates";
import { selectValue } from "@/db/client";
import { applyCatchUp, catchUpRead, prepareIndex, readyIndex } from "@/server/data/similarity-index-store";
import { questionSimilarityText, questionTextColumns } from "@/server/domain/search-text";
import { BANDS, similarityKeys } from "@/server/domain/similarity-keys";
import { questionCreate } from "@/server/operations/question-create";
import { lookForSimilarQuestions } from "@/server/steps/similar-questions";
import { choiceQuestion, fails, newExam, newExam as newExamOf, ok } from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";
import { createTestApp, DB_KIND, type TestApp, type TestUser } from "../support/test-app";

// The advice looks up in memory once the workspace's similarity index is ready, in the database
// before that and when no index is kept (SIMILARITY_INDEX_QUESTIONS=0): the same answers either way.
let inDatabase: TestApp;
let inMemory: TestApp;
let t: TestApp;
beforeAll(async () => {
  const limits = { ratePerMinute: Number.POSITIVE_INFINITY };
  inDatabase = await createTestApp({ limits: { ...limits, similarityIndexQuestions: 0 }, similarQuestionAdvice: true });
  inMemory = await createTestApp({ limits, similarQuestionAdvice: true });
  t = inMemory;
});
afterAll(() => Promise.all([inDatabase.close(), inMemory.close()]));

// Texts whose similarities (pg_trgm, on the folded words) are known:
// HTTPS–SERVERS 0.9434, SERVERS–HTTP 0.9434, HTTPS–HTTP 0.8889 (a chain at 0.9), HTTPS–THE_WEB 0.8909,
// HTTPS–SMTP 0.7, HTTPS–FRANCE 0.0366.
const HTTPS = "Which port does HTTPS use by default on a web server?";
const SERVERS = "Which port does HTTPS use by default on a web servers?";
const HTTP = "Which port does HTTP use by default on a web servers?";
const THE_WEB = "Which port does HTTPS use by default on the web server?";
const SMTP = "Which port does SMTP use by default on a mail server?";
const FRANCE = "What is the capital city of France?";

async function create(u: TestUser, examId: number, text: string) {
  return u.call("exam.questionCreate", choiceQuestion(examId, text));
}
async function add(u: TestUser, examId: number, text: string): Promise<number> {
  return ok(await create(u, examId, text)).question.id;
}

/** The similar_question warnings of a reply: [question id, exam id] named by each, in order. */
function similarNamed(reply: Reply<unknown>): [number, number][] {
  return (reply.warning_details ?? [])
    .filter((w) => w.code === "similar_question")
    .map((w) => {
      expect(w.path).toBe("question.question");
      const named = /^question (\d+) of exam (\d+) /.exec(w.message);
      expect(named, w.message).not.toBeNull();
      return [Number(named![1]), Number(named![2])];
    });
}

const duplicates = async (u: TestUser, params: object) => ok(await u.call("exam.questionDuplicates", params)).groups;
/** The groups as ids only. */
const ids = (groups: { id: number }[][]) => groups.map((g) => g.map((m) => m.id));
/** The history rows of these users: other files write to the same database at the same time. */
const auditCount = async (...users: TestUser[]) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        inArray(
          auditLog.userId,
          users.map((user) => user.id),
        ),
      )
  )[0]!.n;

describe.each(["database", "memory"] as const)(
  "similar_question on questionCreate and questionUpdate, looked up in the %s",
  (where) => {
    beforeAll(() => {
      t = where === "memory" ? inMemory : inDatabase;
    });
    afterAll(() => {
      t = inMemory;
    });
    /** A new exam; in memory, its workspace's index read before its first create. */
    async function newExam(u: TestUser, overrides: Record<string, unknown> = {}) {
      const exam = await newExamOf(u, overrides);
      if (where === "memory")
        expect(await prepareIndex(t.db, exam.id, t.app.limits.similarityIndexQuestions)).toBe(true);
      return exam;
    }

    it("names a question of another exam of the workspace whose text is 0.9 or more similar", async () => {
      const u = await t.newUser();
      const first = await newExam(u);
      const second = await newExam(u);
      const original = await add(u, first.id, HTTPS);
      const reply = await create(u, second.id, SERVERS);
      expect(similarNamed(reply)).toEqual([[original, first.id]]);
      const warning = reply.warning_details.find((w) => w.code === "similar_question")!;
      expect(warning.message).toContain(`(${JSON.stringify(first.title)})`);
      expect(warning.message).toContain("0.9434");
      // The plain-string list carries it too, with its path.
      expect(reply.warnings).toContain(`question.question: ${warning.message}`);
      // Case, accents, punctuation and markup do not count.
      const folded = await u.call(
        "exam.questionCreate",
        choiceQuestion(first.id, "which  PORT does <strong>HTTPS</strong> use by défault, on a web server"),
      );
      expect(similarNamed(folded).map(([id]) => id)).toEqual([original, ok(reply).question.id].sort((a, b) => a - b));
    });

    it("names nothing below 0.9", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      await add(u, exam.id, HTTPS);
      for (const text of [THE_WEB, HTTP, SMTP, FRANCE])
        expect(similarNamed(await create(u, exam.id, text)), text).toEqual([]);
    });

    it("names at most 3, the most similar first, then by id", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const servers = await add(u, exam.id, SERVERS);
      const same = [await add(u, exam.id, HTTPS), await add(u, exam.id, HTTPS), await add(u, exam.id, HTTPS)];
      // The fourth and fifth copies are named by nothing past the third.
      await add(u, exam.id, HTTPS);
      const reply = await create(u, exam.id, HTTPS);
      expect(similarNamed(reply)).toEqual(same.map((id) => [id, exam.id]));
      expect(similarNamed(reply).map(([id]) => id)).not.toContain(servers);
    });

    it("never names a question of another workspace", async () => {
      const u = await t.newUser();
      const other = await t.newUser();
      await add(other, (await newExam(other)).id, HTTPS);
      expect(similarNamed(await create(u, (await newExam(u)).id, HTTPS))).toEqual([]);
    });

    it("names the workspace's own when other workspaces hold more copies than a look-up compares", async () => {
      const other = await t.newUser();
      const theirs = await newExam(other);
      // More than MAX_SIMILAR_NAMED × EXACT_PER_NAMED (32), older than the workspace's own.
      await Promise.all(Array.from({ length: 40 }, () => add(other, theirs.id, HTTPS)));
      const u = await t.newUser();
      const exam = await newExam(u);
      const own = await add(u, exam.id, HTTPS);
      expect(similarNamed(await create(u, exam.id, SERVERS))).toEqual([[own, exam.id]]);
    });

    it("on update names the others, never the question itself, also when nothing changed", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const id = await add(u, exam.id, HTTPS);
      const update = (text: string) =>
        u.call("exam.questionUpdate", {
          ...choiceQuestion(exam.id, text),
          question: { ...choiceQuestion(exam.id, text).question, id },
        });
      expect(similarNamed(await update(HTTPS))).toEqual([]);
      const other = await add(u, (await newExam(u)).id, FRANCE);
      const renamed = await update(FRANCE);
      expect(similarNamed(renamed).map(([named]) => named)).toEqual([other]);
      // Saved again as it is: still similar, still named.
      const again = await update(FRANCE);
      expect(again.warning_details.map((w) => w.code)).toContain("unchanged");
      expect(similarNamed(again).map(([named]) => named)).toEqual([other]);
    });

    it("is advice: not stored with the question, and not a warning of the readiness check", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const a = await add(u, exam.id, HTTPS);
      const b = await add(u, exam.id, HTTPS);
      const rows = await t.db
        .select({ warnings: question.warnings })
        .from(question)
        .where(eq(question.examId, exam.id));
      expect(rows.map((r) => r.warnings)).toEqual([[], []]);
      const ready = await u.call("exam.examUpdateStatus", { id: exam.id, ready: true });
      expect(ok(ready).exam.status).toBe("ready");
      expect(ready.warning_details).toEqual([]);
      // The groups still show them.
      expect(ids(await duplicates(u, { exam_id: exam.id }))).toEqual([[a, b]]);
    });

    it("is not given by a call that fails, which writes nothing", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      await add(u, exam.id, HTTPS);
      const other = await t.newUser();
      const theirs = await newExam(other);
      await add(other, theirs.id, FRANCE);
      const before = await auditCount(u, other);
      const bad = choiceQuestion(exam.id, HTTPS);
      const reply = await u.call("exam.questionCreate", {
        ...bad,
        answers: [{ answer: "<p>4</p>", is_correct: "yes" }],
      });
      fails(reply, -32602, "answers[0].is_correct");
      expect(similarNamed(reply)).toEqual([]);
      // Another's exam: -32004, and the questions of its workspace are not named.
      const refused = await create(u, theirs.id, FRANCE);
      fails(refused, -32004);
      expect(similarNamed(refused)).toEqual([]);
      expect(await auditCount(u, other)).toBe(before);
    });

    it("is given to the web app with the details it links from", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const original = await add(u, exam.id, HTTPS);
      const outcome = (await invokeOperation(
        t.app,
        { userId: u.id, tokenName: null, currentWorkspaceId: null },
        questionCreate,
        choiceQuestion(exam.id, SERVERS),
        null,
        "app",
      )) as { result?: unknown; warning_details: Issue[] };
      expect(outcome.result).toBeDefined();
      const warning = outcome.warning_details.find((w) => w.code === "similar_question");
      expect(warning?.details).toEqual({
        questionId: original,
        exam: { id: exam.id, title: exam.title },
        similarity: 0.9434,
      });
    });

    it("is not looked for by an import", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      await add(u, exam.id, HTTPS);
      const archive = {
        format: "exam_studio_archive",
        version: 1,
        questions: [{ ...choiceQuestion(0, HTTPS).question, answers: choiceQuestion(0).answers }],
      };
      const reply = await u.call("exam.examImport", {
        file: { name: "copy.exam.json", base64: Buffer.from(JSON.stringify(archive)).toString("base64") },
        exam_id: exam.id,
      });
      expect(ok(reply).created).toBe(1);
      expect(JSON.stringify(reply)).not.toContain("similar_question");
    });

    it("looks up by the keys its write stores (computed once), which the stored rows share", async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const original = await add(u, exam.id, HTTPS);
      const [stored] = await t.db
        .select({ text: question.similarityText, keys: question.similarityKeys })
        .from(question)
        .where(eq(question.id, original));
      expect(stored!.keys).toEqual(similarityKeys(stored!.text));
      expect(stored!.keys).toHaveLength(BANDS);
      const text = questionSimilarityText(SERVERS);
      const target = { examId: exam.id, text, exceptId: null, threshold: 0.9, limit: 4 };
      expect((await similarQuestions(t.db, { ...target, keys: similarityKeys(text) })).map((q) => q.id)).toEqual([
        original,
      ]);
      // The keys given are the ones looked up: another text's find no candidate, so nothing is named.
      expect(await similarQuestions(t.db, { ...target, keys: similarityKeys(FRANCE) })).toEqual([]);
    });
  },
);

describe("the similarity index in memory", () => {
  beforeAll(() => {
    t = inMemory;
  });
  const capacity = () => inMemory.app.limits.similarityIndexQuestions;
  const ready = async (examId: number) => expect(await prepareIndex(t.db, examId, capacity())).toBe(true);
  const heldVersion = (examId: number, id: number) => readyIndex(t.db, examId, capacity())?.index.versionOf(id);

  /** Questions written straight into the database, as another process or code path would. */
  async function insertBehind(examId: number, texts: string[]): Promise<number[]> {
    const rows = texts.map((text, i) => ({
      examId,
      position: 1000 + i,
      type: 1,
      question: `<p>${text}</p>`,
      ...questionTextColumns({ question: `<p>${text}</p>`, explanation: "", answers: [] }),
    }));
    return (await t.db.insert(question).values(rows).returning({ id: question.id })).map((r) => r.id);
  }
  async function rewriteBehind(id: number, text: string) {
    const columns = questionTextColumns({ question: `<p>${text}</p>`, explanation: "", answers: [] });
    await t.db
      .update(question)
      .set({ question: `<p>${text}</p>`, ...columns })
      .where(eq(question.id, id));
  }

  it("catches up with what was written behind its back: added, rewritten, moved away, deleted", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const [behind] = await insertBehind(exam.id, [HTTPS]);
    // Found by the catch-up the create's own statement reads.
    expect(similarNamed(await create(u, exam.id, SERVERS))).toEqual([[behind!, exam.id]]);
    expect(heldVersion(exam.id, behind!)).toBe(1);

    // Rewritten: the trigger marks the row, the index reads its new text and version.
    await rewriteBehind(behind!, FRANCE);
    const france = await create(u, exam.id, FRANCE);
    expect(similarNamed(france)).toEqual([[behind!, exam.id]]);
    expect(heldVersion(exam.id, behind!)).toBe(2);
    expect(similarNamed(await create(u, exam.id, HTTPS)).map(([id]) => id)).not.toContain(behind);

    // Moved to another workspace's exam: no longer named, and forgotten once found gone.
    const other = await t.newUser();
    const theirs = await newExam(other);
    await t.db.update(question).set({ examId: theirs.id }).where(eq(question.id, behind!));
    expect(similarNamed(await create(u, exam.id, FRANCE))).toEqual([[ok(france).question.id, exam.id]]);

    // Deleted: not named, and forgotten.
    const [gone] = await insertBehind(exam.id, [SMTP]);
    expect(similarNamed(await create(u, exam.id, SMTP)).map(([id]) => id)).toEqual([gone]);
    expect(heldVersion(exam.id, gone!)).toBe(1);
    await t.db.delete(question).where(eq(question.id, gone!));
    const again = await create(u, exam.id, SMTP);
    expect(similarNamed(again).map(([id]) => id)).not.toContain(gone);
    expect(heldVersion(exam.id, gone!)).toBeUndefined();
  });

  it("names the next copies when those it had the database confirm were deleted behind its back", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    // Five copies: a create has the database confirm the first three (by id), and holds two back.
    const copies: number[] = [];
    for (let i = 0; i < 5; i++) copies.push(await add(u, exam.id, HTTPS));
    expect(similarNamed(await create(u, exam.id, SERVERS)).map(([id]) => id)).toEqual(copies.slice(0, 3));
    // Deleted straight in the database: no catch-up sees it, the confirmation finds them gone.
    await t.db.delete(question).where(inArray(question.id, copies.slice(0, 2)));
    const reply = await create(u, exam.id, HTTPS);
    const named = similarNamed(reply).map(([id]) => id);
    expect(named.slice(0, 3)).toEqual(copies.slice(2, 5));
    expect(named).toHaveLength(3);
    // Found gone, and forgotten until the workspace is read again.
    expect(heldVersion(exam.id, copies[0]!)).toBeUndefined();
    expect(heldVersion(exam.id, copies[1]!)).toBeUndefined();
  });

  it("catches up on update, whose write reads nothing along", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const id = await add(u, exam.id, FRANCE);
    const [behind] = await insertBehind(exam.id, [HTTPS]);
    const reply = await u.call("exam.questionUpdate", {
      ...choiceQuestion(exam.id, SERVERS),
      question: { ...choiceQuestion(exam.id, SERVERS).question, id },
    });
    expect(similarNamed(reply)).toEqual([[behind!, exam.id]]);
    // The update's own new text is read by the next catch-up, at its next version.
    await create(u, exam.id, SMTP);
    expect(heldVersion(exam.id, id)).toBe(2);
  });

  /** A catch-up of exam `examId`'s index, read in a statement of its own: the ids it read, and its value. */
  async function catchUp(examId: number) {
    const state = readyIndex(t.db, examId, capacity())!;
    const value = await selectValue<{ horizon: string; rows: { id: number; xid: number }[] }>(t.db, catchUpRead(state));
    return { state, value, ids: value.rows.map((r) => r.id) };
  }

  it("holds a create's own question at once, and leaves its row out of the catch-ups after it", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const id = await add(u, exam.id, HTTPS);
    // Written into the index by the create itself, not by the catch-up of the next look-up.
    expect(heldVersion(exam.id, id)).toBe(1);
    const [behind] = await insertBehind(exam.id, [SMTP]);
    expect((await catchUp(exam.id)).ids).toEqual([behind]);
    expect(similarNamed(await create(u, exam.id, SERVERS))).toEqual([[id, exam.id]]);
  });

  it("compares every row its catch-up reads, also one another look-up wrote into the index meanwhile", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const ctx = {
      ...t.app,
      actor: { userId: u.id, tokenName: null },
      method: "exam.questionCreate",
      need: "write" as const,
      report: new Report(),
    };
    const text = questionSimilarityText(`<p>${SERVERS}</p>`);
    // The look-up starts (its index holds no copy yet), then a copy is written behind its back,
    // and another look-up's catch-up writes the copy into the index before this one's reads it.
    const lookUp = lookForSimilarQuestions(ctx, { examId: exam.id, text, keys: similarityKeys(text), exceptId: null });
    expect(lookUp.readAlong).not.toBeNull();
    const [copy] = await insertBehind(exam.id, [HTTPS]);
    const other = await catchUp(exam.id);
    applyCatchUp(t.db, other.state, other.value);
    expect(heldVersion(exam.id, copy!)).toBe(1);
    await lookUp.report(0, await selectValue(t.db, lookUp.readAlong!));
    expect(ctx.report.warnings.map((w) => [w.code, w.details?.questionId])).toEqual([["similar_question", copy]]);
  });

  it("reads a transaction's rows once, and a row a later transaction wrote again", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const [a, b] = await insertBehind(exam.id, [HTTPS, SMTP]);
    const first = await catchUp(exam.id);
    expect(first.ids).toEqual(expect.arrayContaining([a, b]));
    expect(applyCatchUp(t.db, first.state, first.value)).toEqual(expect.arrayContaining([a, b]));
    await rewriteBehind(a!, FRANCE);
    const second = await catchUp(exam.id);
    expect(second.ids).toContain(a);
    expect(second.ids).not.toContain(b);
    applyCatchUp(t.db, second.state, second.value);
    expect(heldVersion(exam.id, a!)).toBe(2);
    expect(similarNamed(await create(u, exam.id, FRANCE)).map(([id]) => id)).toEqual([a]);
  });

  // A transaction held open keeps the horizon (the oldest one running) behind the rows written
  // since: without the transactions read in full, every catch-up would read those rows again.
  // PGlite runs one transaction at a time: its horizon is never held back.
  it.runIf(DB_KIND === "postgres")(
    "leaves out the rows of transactions read in full while the horizon is held back, up to a thousand",
    async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      await ready(exam.id);
      await t.db.transaction(async (held) => {
        await held.execute(sql`select pg_current_xact_id()`);
        const [a] = await insertBehind(exam.id, [HTTPS]);
        const first = await catchUp(exam.id);
        expect(first.ids).toEqual([a]);
        applyCatchUp(t.db, first.state, first.value);
        const second = await catchUp(exam.id);
        // The premise: the horizon has not passed the row's transaction.
        expect(Number(second.value.horizon)).toBeLessThanOrEqual(first.value.rows[0]!.xid);
        expect(second.ids).toEqual([]);
        // A thousand more transactions, each read in full: too many to leave out, they are read again.
        const more: number[] = [];
        for (let i = 0; i < 1_000; i++) more.push(...(await insertBehind(exam.id, [`${SMTP} ${i}`])));
        const third = await catchUp(exam.id);
        expect(third.ids).toEqual(more);
        applyCatchUp(t.db, third.state, third.value);
        expect((await catchUp(exam.id)).ids).toEqual([a, ...more]);
      });
    },
  );

  it("reads the workspace again after more changes than one catch-up takes, answering from the database meanwhile", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await ready(exam.id);
    const many = await insertBehind(
      exam.id,
      Array.from({ length: 2_001 }, (_, i) => `${FRANCE} ${i}`),
    );
    const [copy] = await insertBehind(exam.id, [HTTPS]);
    expect(similarNamed(await create(u, exam.id, SERVERS))).toEqual([[copy!, exam.id]]);
    await ready(exam.id);
    expect(heldVersion(exam.id, many[2_000]!)).toBe(1);
    expect(heldVersion(exam.id, copy!)).toBe(1);
  });

  it("keeps no index of a workspace past half its capacity, nor any at capacity 0", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    await insertBehind(exam.id, [HTTPS, SERVERS, HTTP]);
    await t.db.update(examTable).set({ questionCount: 3 }).where(eq(examTable.id, exam.id));
    expect(await prepareIndex(t.db, exam.id, 4)).toBe(false);
    expect(readyIndex(t.db, exam.id, 4)).toBeNull();
    expect(await prepareIndex(inDatabase.db, exam.id, 0)).toBe(false);
    expect(await prepareIndex(t.db, exam.id, capacity())).toBe(true);
  });
});

describe("exam.questionDuplicates", () => {
  let u: TestUser;
  let x: number;
  let y: number;
  const q: Record<string, number> = {};
  beforeAll(async () => {
    u = await t.newUser();
    x = (await newExam(u, { title: "X" })).id;
    y = (await newExam(u, { title: "Y" })).id;
    q.https = await add(u, x, HTTPS);
    q.servers = await add(u, y, SERVERS);
    q.http = await add(u, y, HTTP);
    q.smtp = await add(u, y, SMTP);
    q.france = await add(u, x, FRANCE);
    q.france2 = await add(u, y, FRANCE);
    // Another workspace's copies are never grouped with these.
    const other = await t.newUser();
    const theirs = await newExam(other);
    await add(other, theirs.id, HTTPS);
    await add(other, theirs.id, FRANCE);
  });

  it("groups the workspace's questions linked by pairs at 0.9 or more, a chain as one group", async () => {
    const groups = await duplicates(u, {});
    expect(groups).toEqual([
      [
        { id: q.france, exam_id: x, similarity: 1 },
        { id: q.france2, exam_id: y, similarity: 1 },
      ],
      // HTTPS–SERVERS 0.9434 and SERVERS–HTTP 0.9434; HTTPS–HTTP (0.8889) is not a pair.
      [
        { id: q.https, exam_id: x, similarity: 0.9434 },
        { id: q.servers, exam_id: y, similarity: 0.9434 },
        { id: q.http, exam_id: y, similarity: 0.9434 },
      ],
    ]);
    // A token of the workspace, read-only, sees the same.
    expect(await duplicates(u, { threshold: 0.9 })).toEqual(groups);
  });

  it("with exam_id, keeps only the pairs that involve the exam", async () => {
    // X holds HTTPS: its pair with SERVERS, not SERVERS–HTTP, which are both in Y.
    expect(ids(await duplicates(u, { exam_id: x }))).toEqual([
      [q.france, q.france2],
      [q.https, q.servers],
    ]);
    expect(ids(await duplicates(u, { exam_id: y }))).toEqual([
      [q.france, q.france2],
      [q.https, q.servers, q.http],
    ]);
    // test_id is the alias of exam_id.
    expect(ids(await duplicates(u, { test_id: x }))).toEqual(ids(await duplicates(u, { exam_id: x })));
  });

  it("follows the threshold: lower links more, higher fewer", async () => {
    const low = await duplicates(u, { threshold: 0.5 });
    // HTTPS–SMTP is 0.7: SMTP joins, with that similarity as its highest.
    expect(low[1]).toContainEqual({ id: q.smtp, exam_id: y, similarity: 0.7 });
    expect(low[1]!.map((m) => m.id).sort((a, b) => a - b)).toEqual(
      [q.https!, q.servers!, q.http!, q.smtp!].sort((a, b) => a - b),
    );
    expect(ids(await duplicates(u, { threshold: 0.95 }))).toEqual([[q.france, q.france2]]);
    expect(ids(await duplicates(u, { threshold: 1 }))).toEqual([[q.france, q.france2]]);
    // At exactly a pair's similarity the pair counts (0.7 is computed in single precision).
    expect(ids(await duplicates(u, { threshold: 0.7 }))[1]).toContain(q.smtp);
  });

  it("answers no groups for an exam without near duplicates", async () => {
    const lonely = (await newExam(u)).id;
    await add(u, lonely, "Which layer of the OSI model routes packets between networks?");
    expect(await duplicates(u, { exam_id: (await newExam(u)).id })).toEqual([]);
    expect(await duplicates(u, { exam_id: lonely })).toEqual([]);
  });

  it("answers -32004 for an exam outside the caller's workspace, and -32602 at threshold", async () => {
    const other = await t.newUser();
    fails(await other.call("exam.questionDuplicates", { exam_id: x }), -32004, "exam_id");
    fails(await u.call("exam.questionDuplicates", { exam_id: 2147483647 }), -32004, "exam_id");
    for (const threshold of [0.49, 1.01, 0, -1, "0.9", null, true])
      fails(await u.call("exam.questionDuplicates", { threshold }), -32602, "threshold");
    fails(await u.call("exam.questionDuplicates", { exam_id: "1" }), -32602, "exam_id");
    fails(await u.call("exam.questionDuplicates", { exam_id: x, test_id: y }), -32602, "test_id");
  });

  it("warns of unknown fields and changes nothing", async () => {
    const before = await auditCount(u);
    const reply = await u.call("exam.questionDuplicates", { exam_id: x, limit: 5 });
    expect(reply.warning_details.map((w) => w.code)).toEqual(["unknown_field"]);
    expect(await auditCount(u)).toBe(before);
  });
});
