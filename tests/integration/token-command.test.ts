// The admin command (contract 14.1.7) against the PostgreSQL server the app shares:
// `npm run --silent token -- --email E [--workspace NAME] [--role ROLE] [--scope read|write]`
// makes the person, the shared workspace and the membership when missing, and prints a token for
// that workspace as its last line, which then works over the API with that role and scope.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { apiToken, membership, user, workspace } from "@/db/schema";
import { hashToken } from "@/server/auth/tokens";
import { createTestApp, DB_KIND, type TestApp } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";
import type { ReplyTo } from "../support/reply";

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  if (DB_KIND === "postgres") t = await createTestApp();
});
afterAll(() => t?.close());

async function token(...args: string[]): Promise<string> {
  const tsx = "node_modules/.bin/tsx";
  const { stdout } = await run(tsx, ["scripts/token.ts", ...args], {
    env: { ...process.env, DATABASE_URL: inject("postgresUrl") },
  });
  return stdout.trim().split("\n").at(-1)!;
}

const call = async <M extends string>(accessToken: string, method: M, params: object) =>
  (await t.post<ReplyTo<M>>({ jsonrpc: "2.0", id: 1, method, params, accessToken })).body;

describe.runIf(DB_KIND === "postgres")("npm run token", () => {
  it("makes the shared workspace with its first person as owner, adds others with a role, and tokens with a scope", async () => {
    const name = `Team ${randomUUID().slice(0, 8)}`;
    const [ann, bo] = [`ann-${randomUUID()}@example.test`, `bo-${randomUUID()}@example.test`];
    const annToken = await token("--email", ann, "--workspace", name);
    const boToken = await token(
      "--email",
      bo,
      "--workspace",
      name,
      "--role",
      "viewer",
      "--scope",
      "read",
      "--name",
      "reader",
    );
    expect(annToken).toMatch(/^ek_/);

    const [w] = await t.db
      .select()
      .from(workspace)
      .where(and(eq(workspace.name, name), isNull(workspace.personalOf)));
    const roles = await t.db
      .select({ email: user.email, role: membership.role })
      .from(membership)
      .innerJoin(user, eq(user.id, membership.userId))
      .where(eq(membership.workspaceId, w!.id));
    expect(roles.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: ann, role: "owner" },
      { email: bo, role: "viewer" },
    ]);
    const [boRow] = await t.db
      .select()
      .from(apiToken)
      .where(eq(apiToken.tokenHash, hashToken(boToken)));
    expect([boRow!.workspaceId, boRow!.scope, boRow!.name]).toEqual([w!.id, "read", "reader"]);

    // Ann's exam, in the shared workspace, is Bo's to read and not to change.
    const created = await call(annToken, "exam.examCreate", {
      exam: { type: 1, title: "Shared", category: "C", code: "S", evaluation_method: 1, passing_score: 50 },
    });
    const examId = ok(created).exam.id;
    expect(ok(await call(boToken, "exam.examGet", { id: examId })).exam.title).toBe("Shared");
    const refused = await call(boToken, "exam.examUpdate", { exam: { id: examId, title: "Mine" } });
    expect([refused.error?.code, refused.errors?.[0]]).toEqual([
      -32003,
      "exam.examUpdate needs a token with write scope; this token has read scope",
    ]);

    // Asked again for a member, the role stays; without --workspace, the person's own workspace.
    await token("--email", bo, "--workspace", name, "--role", "owner");
    expect(
      (
        await t.db
          .select({ role: membership.role })
          .from(membership)
          .innerJoin(user, eq(user.id, membership.userId))
          .where(and(eq(membership.workspaceId, w!.id), eq(user.email, bo)))
      )[0]!.role,
    ).toBe("viewer");
    const own = await token("--email", bo);
    expect((await call(own, "exam.examGet", { id: examId })).error?.code).toBe(-32004);
  });

  it("refuses a bad role or scope, and --role without --workspace, changing nothing", async () => {
    for (const args of [
      ["--role", "admin", "--workspace", "X"],
      ["--scope", "all"],
      ["--role", "viewer"],
    ]) {
      const email = `c-${randomUUID()}@example.test`;
      await expect(token("--email", email, ...args)).rejects.toThrow(/--role|--scope/);
      expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });
});
