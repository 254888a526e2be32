// A database the app cannot reach answers -32050 with a wait (error.data.retry_after_seconds),
// never -32603, the app's process survives it, and the next call after the pool has reconnected
// succeeds (server/data/pg-errors.ts says what a connection failure is; server/rpc/invoke.ts maps
// it; scripts/patch-postgres.mjs keeps postgres.js from crashing the process when a transaction's
// connection dies). The app's backends are killed as an administrator would
// (pg_terminate_backend), in databases of this file's own so that no other test file's
// connections go with them: the API in a server process of its own (the production transport),
// the server actions' paths in this process; a server that refuses connections is a closed port.
// PostgreSQL only: PGlite lives inside the process and has no connection to lose.
import { count, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { question, workspace } from "@/db/schema";
import { failureText } from "@/components/issues/failure-text";
import { refusalText } from "@/components/workspaces/refusal-text";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/errors";
import { examUpdate } from "@/server/operations/exam-update";
import { invokeOperation } from "@/server/rpc/invoke";
import { createWorkspaceStep, renameWorkspaceStep } from "@/server/web/workspace-admin";
import {
  cleanUpServerProcesses,
  okCall,
  PORT,
  postgresTarget,
  rpc,
  startServer,
  stopServer,
  userWithTokens,
  type ServerProcess,
  type Target,
} from "../support/server-process";
import { ok } from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";
import { createTestApp, DB_KIND, examInput, type TestApp, type TestUser } from "../support/test-app";

const UNAVAILABLE = -32050;
const AUTHOR_TEXT = "The database could not be reached. Try again in a moment.";

afterAll(cleanUpServerProcesses);

function expectUnavailable(body: Reply<unknown>, id: unknown) {
  expect(body.id).toBe(id);
  expect(body.error?.code).toBe(UNAVAILABLE);
  expect(body.error?.message).toBe(
    `Service unavailable: the database could not be reached; retry after ${DATABASE_RETRY_AFTER_SECONDS} s`,
  );
  expect(body.error?.data).toEqual({ retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS });
  expect(body.errors).toEqual([body.error?.message]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One connection of the test's own to `url`: it holds locks and ends the others' sessions. */
function adminOf(url: string) {
  const admin = postgres(url, { max: 1, onnotice: () => {} });

  /**
   * Ends every other session on the database (the app's pools lose every connection) and waits
   * until those backends have exited: pg_terminate_backend only signals them.
   */
  async function killOthers(sql: postgres.Sql | postgres.TransactionSql = admin): Promise<void> {
    const killed = await sql`select pid, pg_terminate_backend(pid) as signalled from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`;
    const pids = killed.map((r) => r.pid as number);
    for (let i = 0; i < 400 && pids.length > 0; i++) {
      await sql`select pg_stat_clear_snapshot()`; // a transaction sees one snapshot of the activity unless cleared
      const [row] = await sql`select count(*)::int as n from pg_stat_activity where pid = any(${pids}::int[])`;
      if (row!.n === 0) return;
      await sleep(25);
    }
    if (pids.length > 0) throw new Error("the killed backends did not exit");
  }

  /** Resolves once a session of the app waits for a lock that the test holds. */
  async function someoneWaits(sql: postgres.TransactionSql): Promise<void> {
    for (let i = 0; i < 400; i++) {
      await sql`select pg_stat_clear_snapshot()`;
      const [row] = await sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`;
      if (row!.n > 0) return;
      await sleep(25);
    }
    throw new Error("no call of the app came to wait for the lock");
  }

  /**
   * Starts `call` while the test holds the row lock that `lock` takes, and ends the app's sessions
   * once the call waits for it: the connection is lost in the middle of the call's transaction.
   */
  async function killedMidCall<T>(
    lock: (tx: postgres.TransactionSql) => Promise<unknown>,
    call: () => Promise<T>,
  ): Promise<T> {
    let answer!: Promise<T>;
    await admin.begin(async (tx) => {
      await lock(tx);
      answer = call();
      await someoneWaits(tx);
      await killOthers(tx);
    });
    return answer;
  }

  return { sql: admin, killOthers, killedMidCall };
}

/**
 * What a client does after the connections were lost: the call, and while it answers -32050 the
 * same call again after error.data.retry_after_seconds (at most twice). Every answer on the way
 * must be a proper -32050; the last must succeed.
 */
async function asAClientRetries<R>(call: () => Promise<Reply<R>>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const body = await call();
    if (!body.error) return ok(body);
    expectUnavailable(body, body.id);
    if (attempt === 3) throw new Error(`still -32050 after ${attempt} tries`);
    // expectUnavailable has checked that the wait is there, and a number.
    await sleep(Number(body.error.data?.retry_after_seconds) * 1000);
  }
}

const CHOICE = (examId: number) => ({
  question: { exam_id: examId, type: 1, question: "<p>Which layer routes packets?</p>" },
  answers: [
    { answer: "<p>Network</p>", is_correct: true },
    { answer: "<p>Session</p>", is_correct: false },
  ],
});

describe.skipIf(DB_KIND !== "postgres")("the API while the database connections are killed (PostgreSQL)", () => {
  let target: Target;
  let server: ServerProcess;
  let token: string;
  let admin: ReturnType<typeof adminOf>;

  beforeAll(async () => {
    target = await postgresTarget();
    token = (await userWithTokens(target, 1)).tokens[0]!;
    server = await startServer(PORT.connectionLoss, target.env);
    admin = adminOf(target.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await admin?.sql.end();
  });

  it("a call whose connection is killed in its transaction answers -32050 with retry_after_seconds and changes nothing; the server lives on and calls succeed again", async () => {
    const examId = (await okCall(server, token, "exam.examCreate", { exam: examInput({ title: "Held" }) })).exam.id;
    const reply = await admin.killedMidCall(
      (tx) => tx`select id from exam where id = ${examId} for update`,
      () => rpc(server, token, "exam.examUpdate", { exam: { id: examId, title: "Renamed" } }),
    );
    // An error envelope like any other call's: HTTP 200 (contract 1.3).
    expect(reply.status).toBe(200);
    expectUnavailable(reply.body, reply.body.id);
    function call<M extends string>(method: M, params: object) {
      return async () => (await rpc(server, token, method, params)).body;
    }
    expect((await asAClientRetries(call("exam.examGet", { id: examId }))).exam.title).toBe("Held");

    // The same for a call that writes several rows first (a question and its answers).
    const created = await admin.killedMidCall(
      (tx) => tx`select id from exam where id = ${examId} for update`,
      () => rpc(server, token, "exam.questionCreate", CHOICE(examId)),
    );
    expectUnavailable(created.body, created.body.id);
    const handle = await target.open();
    try {
      const [stored] = await handle.db.select({ n: count() }).from(question).where(eq(question.examId, examId));
      expect(stored!.n).toBe(0);
    } finally {
      await handle.close();
    }

    expect(server.child.exitCode, server.output()).toBeNull();
    expect((await asAClientRetries(call("exam.questionCreate", CHOICE(examId)))).question.exam_id).toBe(examId);
    expect(
      (await okCall(server, token, "exam.examUpdate", { exam: { id: examId, title: "Renamed" } })).exam.title,
    ).toBe("Renamed");
  });

  it("after every connection was killed between calls, no call answers -32603 and calls succeed again", async () => {
    await okCall(server, token, "exam.examList", {});
    await admin.killOthers();
    await asAClientRetries(async () => (await rpc(server, token, "exam.examList", {})).body);
    await okCall(server, token, "exam.examList", {});
    expect(server.child.exitCode, server.output()).toBeNull();
  });

  it("the server stops cleanly afterwards: it never crashed", async () => {
    await stopServer(server);
  });
});

describe.skipIf(DB_KIND !== "postgres")(
  "the app's server actions while the connections are killed (PostgreSQL)",
  () => {
    let target: Target;
    let t: TestApp;
    let u: TestUser;
    let admin: ReturnType<typeof adminOf>;

    beforeAll(async () => {
      target = await postgresTarget();
      t = await createTestApp({ postgresUrl: target.env.DATABASE_URL });
      admin = adminOf(target.env.DATABASE_URL!);
      u = await t.newUser();
    });
    afterAll(async () => {
      await t?.close();
      await admin?.sql.end();
    });

    it("an operation run as the app runs it answers -32050, which the author reads as the database out of reach", async () => {
      const examId = ok(await u.call("exam.examCreate", { exam: examInput({ title: "Held" }) })).exam.id;
      const answer = await admin.killedMidCall(
        (tx) => tx`select id from exam where id = ${examId} for update`,
        () =>
          invokeOperation(
            t.app,
            { userId: u.id, tokenName: null },
            examUpdate,
            { exam: { id: examId, title: "Renamed" } },
            null,
            "app",
          ),
      );
      if (!("error" in answer)) throw new Error(`the update went through: ${JSON.stringify(answer)}`);
      expect(answer.error.code).toBe(UNAVAILABLE);
      expect(failureText({ code: answer.error.code, issues: [] })).toBe(AUTHOR_TEXT);
      expect((await asAClientRetries(() => u.call("exam.examGet", { id: examId }))).exam.title).toBe("Held");
    });

    it("a workspace step (the members page's server actions) refuses with -32050 and the same words, and works again", async () => {
      const made = await createWorkspaceStep(t.db, u.id, { name: "Connection team" });
      if (!made.ok) throw new Error(JSON.stringify(made));
      const refused = await admin.killedMidCall(
        (tx) => tx`select id from workspace where id = ${made.result.workspaceId} for update`,
        () => renameWorkspaceStep(t.db, u.id, { workspace_id: made.result.workspaceId, name: "Renamed team" }),
      );
      if (refused.ok) throw new Error("the rename went through");
      expect(refused).toMatchObject({ code: UNAVAILABLE, issues: [] });
      expect(refusalText(refused)).toEqual([AUTHOR_TEXT]);
      const [row] = await t.db.select().from(workspace).where(eq(workspace.id, made.result.workspaceId));
      expect(row!.name).toBe("Connection team");
      // The pool replaces the lost connections; the page's next try works.
      let again = await renameWorkspaceStep(t.db, u.id, {
        workspace_id: made.result.workspaceId,
        name: "Renamed team",
      });
      for (let i = 0; i < 2 && !again.ok && again.code === UNAVAILABLE; i++) {
        await sleep(DATABASE_RETRY_AFTER_SECONDS * 1000);
        again = await renameWorkspaceStep(t.db, u.id, { workspace_id: made.result.workspaceId, name: "Renamed team" });
      }
      expect(again).toEqual({ ok: true, result: {}, warnings: [] });
    });
  },
);

describe.skipIf(DB_KIND !== "postgres")("a database server that refuses connections (PostgreSQL)", () => {
  it("answers -32050 with retry_after_seconds, each call with its own id", async () => {
    const closed = new URL(inject("postgresUrl"));
    closed.hostname = "127.0.0.1";
    closed.port = "1"; // nothing listens on port 1: ECONNREFUSED
    const t = await createTestApp({ postgresUrl: closed.toString() });
    try {
      const reply = await t.post<Reply[]>([
        { jsonrpc: "2.0", id: 1, accessToken: `ek_${"a".repeat(43)}`, method: "exam.examList", params: {} },
        { jsonrpc: "2.0", id: "two", accessToken: `ek_${"a".repeat(43)}`, method: "exam.examGet", params: { id: 1 } },
      ]);
      expect(reply.status).toBe(200);
      expect(reply.body).toHaveLength(2);
      expectUnavailable(reply.body[0]!, 1);
      expectUnavailable(reply.body[1]!, "two");
    } finally {
      await t.close();
    }
  });
});
