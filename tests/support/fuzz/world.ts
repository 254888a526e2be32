// The objects the fuzz test's calls point at: user A (who makes the calls) with two exams, a case
// study in each, a question of every type, a comment and media; user B with an exam, a question,
// a case study, a comment and an image of their own (ids and paths A must not reach); an exam
// that was deleted.
// Generated calls name these by Ref (template.ts); `resolve` gives the current id. A generated
// call that happens to be valid may delete or change them: `repair` puts back what is missing.
// `snapshot` is what "nothing stored" is checked against.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { apiToken } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { encodeCursor } from "@/server/data/cursor";
import { executeRows } from "@/db/client";
import type { ReplyTo, ResultIn } from "../reply";
import { examInput, type TestApp, type TestUser } from "../test-app";
import { MEDIA, otherUsersPng, base64, worldMp3, worldPng } from "./media";
import { questionOfType } from "./seeds";
import { writeJson, type RefName, type Template } from "./template";

/** An id no object will have in a test database (the largest int4). */
export const MISSING_ID = 2147483647;

interface Ids {
  exam: number;
  exam2: number;
  examB: number;
  caseStudy: number;
  caseStudy2: number;
  caseStudyB: number;
  questions: number[]; // index 0 is type 1
  questionB: number;
  /** A's comment on question 1, and B's on B's question. */
  comment: number;
  commentB: number;
  deletedExam: number;
}

export interface World {
  a: TestUser;
  b: TestUser;
  /** The JSON text of a template, with the world's current ids. */
  text(t: Template): string;
  /** Recreates whatever a successful call deleted; cheap when nothing was. */
  repair(): Promise<void>;
  /** Throws when a media row of A or B has no file in the media directory. */
  checkMediaFiles(): Promise<void>;
  /** What is stored for A and B (or in the whole database), and the media files, as one comparable string. */
  snapshot(): Promise<string>;
}

/** Asserts success and returns the result. */
async function ok<M extends string>(user: TestUser, method: M, params: unknown): Promise<ResultIn<ReplyTo<M>>> {
  const reply = await user.call(method, params);
  if (!reply?.result) throw new Error(`fuzz world: ${method} failed: ${JSON.stringify(reply)}`);
  return reply.result as ResultIn<ReplyTo<M>>;
}

/** `wholeDatabase`: the test file has the database to itself, so every row is watched, not only A's and B's. */
export async function buildWorld(t: TestApp, options: { wholeDatabase: boolean }): Promise<World> {
  const a = await t.newUser();
  const b = await t.newUser();
  const revoked = await createApiToken(t.db, a.id, "revoked");
  await t.db
    .update(apiToken)
    .set({ revokedAt: new Date() })
    .where(sql`${apiToken.id} = ${revoked.id}`);
  const expired = await createApiToken(t.db, a.id, "expired", new Date(Date.now() - 60_000));
  const badTokens = { revoked: revoked.token, expired: expired.token, unknown: `ek_${"A".repeat(43)}` };

  let ids: Ids;
  const questionIdsOf = async (examId: number): Promise<number[]> =>
    (
      await executeRows<{ id: number }>(t.db, sql`select id from question where exam_id = ${examId} order by position`)
    ).map((r) => Number(r.id));
  let questionIds: number[] = [];

  const resolveName = (name: RefName): unknown => {
    switch (name) {
      case "questionIds":
        return questionIds;
      case "missing":
        return MISSING_ID;
      case "mediaPng":
        return MEDIA.png;
      case "mediaMp3":
        return MEDIA.mp3;
      case "mediaB":
        return MEDIA.otherUsers;
      case "mediaUnknown":
        return MEDIA.unknown;
      case "tokenA":
        return a.token;
      case "tokenB":
        return b.token;
      case "tokenRevoked":
        return badTokens.revoked;
      case "tokenExpired":
        return badTokens.expired;
      case "tokenUnknown":
        return badTokens.unknown;
      // Cursors as the lists make them, pointing into the world.
      case "examCursor":
        return encodeCursor([new Date().toISOString(), ids.exam2]);
      case "questionCursor":
        return encodeCursor([2, ids.questions[1]!]);
      case "caseStudyCursor":
        return encodeCursor([ids.caseStudy]);
      case "historyCursor":
        return encodeCursor([MISSING_ID]);
      case "commentCursor":
        return encodeCursor([ids.comment]);
      default: {
        const q = /^question([1-7])$/.exec(name);
        if (q) return ids.questions[Number(q[1]) - 1];
        return ids[name as Exclude<keyof Ids, "questions">];
      }
    }
  };
  const text = (tpl: Template) => writeJson(tpl, (ref) => resolveName(ref.name));

  async function newExamOf(user: TestUser, title: string): Promise<number> {
    return (await ok(user, "exam.examCreate", { exam: examInput({ title, category: "Fuzz" }) })).exam.id;
  }

  /** A's main exam with its case study and one question of every type. */
  async function buildMainExam(): Promise<Pick<Ids, "exam" | "caseStudy" | "questions">> {
    // Its description holds the world's image and sound, so A owns both as /media/ paths.
    const exam = (
      await ok(a, "exam.examCreate", {
        exam: examInput({
          title: "Fuzz main",
          category: "Fuzz",
          description: '<p><img src="board.png"><audio src="sound.mp3"></audio></p>',
        }),
        resources: { "board.png": base64(worldPng), "sound.mp3": base64(worldMp3) },
      })
    ).exam.id;
    const caseStudy = (
      await ok(a, "exam.caseStudyCreate", {
        case_study: { exam_id: exam, name: "Fuzz case", description: "<p>Case</p>" },
      })
    ).case_study.id;
    const partial = { exam, caseStudy, questions: [] as number[] };
    ids = { ...ids, ...partial };
    for (let type = 1; type <= 7; type++) {
      const result = await ok(a, "exam.questionCreate", JSON.parse(text(questionOfType(type))));
      partial.questions.push(result.question.id);
    }
    return partial;
  }

  async function buildExam2(): Promise<Pick<Ids, "exam2" | "caseStudy2">> {
    const exam2 = await newExamOf(a, "Fuzz second");
    const caseStudy2 = (
      await ok(a, "exam.caseStudyCreate", { case_study: { exam_id: exam2, name: "Second case", description: "" } })
    ).case_study.id;
    return { exam2, caseStudy2 };
  }

  async function buildB(): Promise<Pick<Ids, "examB" | "caseStudyB" | "questionB">> {
    const examB = (
      await ok(b, "exam.examCreate", {
        exam: examInput({ title: "B's exam", description: '<p><img src="b.png"></p>' }),
        resources: { "b.png": base64(otherUsersPng) },
      })
    ).exam.id;
    const caseStudyB = (
      await ok(b, "exam.caseStudyCreate", { case_study: { exam_id: examB, name: "B's case", description: "" } })
    ).case_study.id;
    const questionB = (
      await ok(b, "exam.questionCreate", {
        question: { exam_id: examB, type: 1, question: "<p>B?</p>" },
        answers: [{ answer: "<p>x</p>", is_correct: true }],
      })
    ).question.id;
    return { examB, caseStudyB, questionB };
  }

  ids = { deletedExam: 0 } as Ids;
  ids.deletedExam = await newExamOf(a, "Fuzz deleted");
  await ok(a, "exam.examDelete", { id: ids.deletedExam });
  const newComment = async (user: TestUser, questionId: number): Promise<number> =>
    (await ok(user, "exam.commentCreate", { question_id: questionId, body: "Fuzz comment" })).comment.id;
  ids = { ...ids, ...(await buildMainExam()), ...(await buildExam2()), ...(await buildB()) };
  ids.comment = await newComment(a, ids.questions[0]!);
  ids.commentB = await newComment(b, ids.questionB);
  questionIds = await questionIdsOf(ids.exam);

  async function existing(table: "exam" | "case_study" | "question" | "comment", list: number[]): Promise<Set<number>> {
    const rows = await executeRows<{ id: number }>(
      t.db,
      sql`select id from ${sql.identifier(table)} where id in (${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  async function repair(): Promise<void> {
    const exams = await existing("exam", [ids.exam, ids.exam2, ids.examB]);
    if (!exams.has(ids.exam)) Object.assign(ids, await buildMainExam());
    if (!exams.has(ids.exam2)) Object.assign(ids, await buildExam2());
    if (!exams.has(ids.examB)) Object.assign(ids, await buildB());
    const cases = await existing("case_study", [ids.caseStudy, ids.caseStudy2, ids.caseStudyB]);
    if (!cases.has(ids.caseStudy)) {
      ids.caseStudy = (
        await ok(a, "exam.caseStudyCreate", { case_study: { exam_id: ids.exam, name: "Fuzz case", description: "" } })
      ).case_study.id;
    }
    if (!cases.has(ids.caseStudy2)) {
      ids.caseStudy2 = (
        await ok(a, "exam.caseStudyCreate", {
          case_study: { exam_id: ids.exam2, name: "Second case", description: "" },
        })
      ).case_study.id;
    }
    const questions = await existing("question", [...ids.questions, ids.questionB]);
    for (let i = 0; i < ids.questions.length; i++) {
      if (!questions.has(ids.questions[i]!))
        ids.questions[i] = (await ok(a, "exam.questionCreate", JSON.parse(text(questionOfType(i + 1))))).question.id;
    }
    if (!questions.has(ids.questionB)) {
      ids.questionB = (
        await ok(b, "exam.questionCreate", {
          question: { exam_id: ids.examB, type: 1, question: "<p>B?</p>" },
          answers: [{ answer: "<p>x</p>", is_correct: true }],
        })
      ).question.id;
    }
    // A comment goes with its question.
    const comments = await existing("comment", [ids.comment, ids.commentB]);
    if (!comments.has(ids.comment)) ids.comment = await newComment(a, ids.questions[0]!);
    if (!comments.has(ids.commentB)) ids.commentB = await newComment(b, ids.questionB);
    questionIds = await questionIdsOf(ids.exam);
  }

  const owners = sql`(${a.id}, ${b.id})`;
  // Each table's rows of A and B: how many, and the newest row version. Any committed insert or
  // update writes a row version with a newer transaction id (xmin), and a delete lowers the count
  // (with an insert to make up for it, the xmin rises), so this pair changes with any change.
  const digest = (from: ReturnType<typeof sql>) =>
    sql`(select count(*) || ':' || coalesce(max(r.xmin::text::bigint), 0) from ${from})`;
  const snapshotQuery = sql`select
    ${digest(sql`exam r where r.owner_id in ${owners}`)} as exam,
    ${digest(sql`case_study r join exam e on e.id = r.exam_id where e.owner_id in ${owners}`)} as case_study,
    ${digest(sql`exam_domain r join exam e on e.id = r.exam_id where e.owner_id in ${owners}`)} as exam_domain,
    ${digest(sql`question r join exam e on e.id = r.exam_id where e.owner_id in ${owners}`)} as question,
    ${digest(sql`answer r join question q on q.id = r.question_id join exam e on e.id = q.exam_id where e.owner_id in ${owners}`)} as answer,
    ${digest(sql`media r where r.owner_id in ${owners}`)} as media,
    ${digest(sql`audit_log r where r.user_id in ${owners}`)} as audit_log,
    ${digest(sql`comment r join exam e on e.id = r.exam_id where e.owner_id in ${owners}`)} as comment`;
  // A database of this test file's own (PGlite) is watched whole: a write under another owner shows too.
  const wholeQuery = sql`select ${sql.join(
    ["exam", "case_study", "exam_domain", "question", "answer", "media", "audit_log", "comment", "user"].map(
      (table) => sql`${digest(sql`${sql.identifier(table)} r`)} as ${sql.identifier(`all_${table}`)}`,
    ),
    sql`, `,
  )}`;

  /** Every media row of A and B has its file: no row points to a missing file (contract 8.7). */
  async function checkMediaFiles(): Promise<void> {
    const rows = await executeRows<{ name: string }>(
      t.db,
      sql`select hash || '.' || ext as name from media where owner_id in ${owners}`,
    );
    const files = new Set(fs.existsSync(t.mediaDir) ? fs.readdirSync(t.mediaDir) : []);
    const missing = rows.filter((r) => !files.has(r.name)).map((r) => r.name);
    if (missing.length > 0) throw new Error(`media rows without their file: ${missing.join(", ")}`);
  }

  async function snapshot(): Promise<string> {
    const [row] = await executeRows<Record<string, string>>(t.db, snapshotQuery);
    const [whole] = options.wholeDatabase ? await executeRows<Record<string, string>>(t.db, wholeQuery) : [];
    const files = fs.existsSync(t.mediaDir) ? fs.readdirSync(t.mediaDir).sort() : [];
    return JSON.stringify({ ...row, ...whole, files });
  }

  return { a, b, text, repair, checkMediaFiles, snapshot };
}
