// Contract 11.4 with real processes: several app processes serve one PostgreSQL database.
// concurrency.test.ts runs two apps (two connection pools) inside one test process; what it cannot
// show is what only separate OS processes have: each its own id reserve and prepared statements,
// a rate limit that must hold for a token whatever process answers, and one process dying with
// its transactions open while another writes the same exam.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { answer, auditLog, question } from "@/db/schema";
import { questionParams, storedIs, type Content } from "../support/question-writes";
import {
  cleanUpServerProcesses,
  okCall,
  PORT,
  postgresTarget,
  rpc,
  startServer,
  stopServer,
  userWithTokens,
} from "../support/server-process";
import { ok } from "../support/exam-test-helpers";
import type { ReplyTo } from "../support/reply";
import { DB_KIND } from "../support/test-app";

afterAll(cleanUpServerProcesses);

describe.skipIf(DB_KIND !== "postgres")(
  "contract 11.4: several server processes on one PostgreSQL database (postgres project only)",
  () => {
    it("ids unique across processes, the rate limit shared, and one process killed while the other writes the same exam", async () => {
      const LIMIT = 100;
      const target = await postgresTarget();
      const env = { ...target.env, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
      const { userId, tokens } = await userWithTokens(target, 8);
      const [a, b] = await Promise.all([startServer(PORT.processA, env), startServer(PORT.processB, env)]);
      const servers = [a, b];
      const examId = (
        await okCall(a, tokens[0]!, "exam.examCreate", {
          exam: {
            type: 2,
            title: "Two processes",
            category: "Tests",
            code: "TWO",
            evaluation_method: 1,
            passing_score: 70,
          },
        })
      ).exam.id;
      const handle = await target.open();
      try {
        const db = handle.db;
        const rowsOfExam = () => db.select().from(question).where(eq(question.examId, examId));

        // (1) 64 concurrent creates, alternating processes, four tokens: every id (question and
        // answer) distinct, positions 1..64, the count and contract 5's testing values.
        const replies = await Promise.all(
          Array.from({ length: 64 }, (_, i) =>
            okCall(
              servers[i % 2]!,
              tokens[i % 4]!,
              "exam.questionCreate",
              questionParams(examId, { tag: `Two c${i % 4}-${i}`, answers: 3, png: null }),
            ),
          ),
        );
        const questionIds = replies.map((r) => r.question.id as number);
        const answerIds = replies.flatMap((r) => r.answers.map((x: { id: number }) => x.id));
        expect(new Set(questionIds).size).toBe(64);
        expect(new Set(answerIds).size).toBe(64 * 3);
        let rows = await rowsOfExam();
        expect(rows.map((r) => r.position).sort((x, y) => x - y)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
        const view = (await okCall(b, tokens[1]!, "exam.examGet", { id: examId })).exam;
        expect(view).toMatchObject({ question_count: 64, testing_auto: true, testing_questions: 60, testing_time: 90 });

        // (2) The rate limit is the token's, not the process's: 150 calls of one token, half to
        // each process at once, and exactly LIMIT succeed. The window is the database's clock
        // minute, so the burst is kept well inside one minute.
        const dbClock = async () =>
          (
            (await handle.db.execute(
              sql`select extract(second from now())::float8 as second, date_trunc('minute', now())::text as minute`,
            )) as unknown as { second: number; minute: string }[]
          )[0]!;
        const { second } = await dbClock();
        if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
        const before = (await dbClock()).minute;
        const burst = await Promise.all(
          Array.from({ length: 150 }, (_, i) => rpc(servers[i % 2]!, tokens[4]!, "exam.examGet", { id: examId })),
        );
        const afterBurst = (await dbClock()).minute;
        expect(afterBurst, "the burst stayed inside one rate-limit window").toBe(before);
        const succeeded = burst.filter((r) => r.status === 200 && r.body.result?.completed === true);
        const limited = burst.filter((r) => r.status === 429 && r.body.error?.code === -32029);
        expect({ succeeded: succeeded.length, limited: limited.length }).toEqual({
          succeeded: LIMIT,
          limited: 150 - LIMIT,
        });
        // Counted per process, each would have let all its 75 through.

        // (3) Process B is SIGKILLed with creates in flight on the exam while process A keeps
        // creating in it: B's open transactions must not hold the exam, A's writes all succeed,
        // and the count stays the rows.
        let bAnswered = 0;
        const bAnsweredIds: number[] = [];
        const bUnanswered: Content[] = [];
        let bKilled = false;
        const bLoop = async (loop: number) => {
          for (let k = 0; !bKilled; k++) {
            const c: Content = { tag: `B c${loop}-${k}`, answers: 2 + (k % 3), png: null };
            let r: { body: ReplyTo<"exam.questionCreate"> };
            try {
              r = await rpc(b, tokens[5 + (loop % 2)]!, "exam.questionCreate", questionParams(examId, c));
            } catch {
              bUnanswered.push(c);
              return;
            }
            expect(r.body.result?.completed, JSON.stringify(r.body)).toBe(true);
            bAnsweredIds.push(ok(r.body).question.id);
            if (++bAnswered === 30) {
              bKilled = true;
              b.child.kill("SIGKILL");
            }
          }
        };
        const bLoops = Array.from({ length: 12 }, (_, i) => bLoop(i));
        const aIds: number[] = [];
        const aLoop = async (loop: number) => {
          for (let k = 0; k < 8; k++)
            aIds.push(
              (
                await okCall(
                  a,
                  tokens[7]!,
                  "exam.questionCreate",
                  questionParams(examId, { tag: `A c${loop}-${k}`, answers: 2, png: null }),
                )
              ).question.id,
            );
        };
        await Promise.all([...bLoops, ...Array.from({ length: 6 }, (_, i) => aLoop(i))]);
        expect((await b.exited).signal).toBe("SIGKILL");
        b.agent.destroy();
        expect(bUnanswered.length).toBeGreaterThan(0);
        // A after B's death: still writing, and it sees every answered question.
        aIds.push(
          (
            await okCall(
              a,
              tokens[7]!,
              "exam.questionCreate",
              questionParams(examId, { tag: "A last", answers: 2, png: null }),
            )
          ).question.id,
        );
        const after = (await okCall(a, tokens[0]!, "exam.examGet", { id: examId })).exam;

        rows = await rowsOfExam();
        const ids = new Set(rows.map((r) => r.id));
        for (const id of [...questionIds, ...bAnsweredIds, ...aIds])
          expect(ids.has(id), `answered question ${id}`).toBe(true);
        expect(after.question_count).toBe(rows.length);
        expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
        expect(after).toMatchObject({ testing_auto: true, testing_questions: 60, testing_time: 90 });
        // B's unanswered creates: absent, or whole.
        const answerRows = await db
          .select()
          .from(answer)
          .where(inArray(answer.questionId, [...ids]))
          .orderBy(asc(answer.order));
        const known = new Set([...questionIds, ...bAnsweredIds, ...aIds]);
        for (const r of rows) {
          if (known.has(r.id)) continue;
          const sent = bUnanswered.find((c) => r.question === `<p>${c.tag}</p>`);
          expect(sent, `question ${r.id} (${r.question}) was sent by no call`).toBeDefined();
          expect(
            storedIs(
              sent!,
              r.question,
              answerRows.filter((x) => x.questionId === r.id),
            ),
          ).toBe(true);
        }
        const creates = await db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.examId, examId), eq(auditLog.userId, userId), eq(auditLog.method, "exam.questionCreate")),
          );
        expect(creates.map((x) => x.objectId).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      } finally {
        await handle.close();
      }
      await stopServer(a);
    }, 120_000);
  },
);
