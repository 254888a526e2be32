// npm run --silent token -- --email someone@example.com [--workspace NAME] [--role ROLE] [--scope read|write] [--name TOKEN_NAME]
// Creates the user when missing; with --workspace, the shared workspace NAME when missing (owned
// by this person) and the person's membership with ROLE when they are not a member yet (owner of
// a new workspace, else editor by default); prints a new API token for that workspace (the
// person's own without --workspace) on stdout, nothing else (contract 14.1.7).
// Uses the same DATABASE_URL / DATA_DIR as the server; refuses (without touching anything)
// while a server holds the embedded database.
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { openFromEnv } from "../db/client";
import { EmbeddedDatabaseBusy } from "../db/embedded-lock";
import { user } from "../db/schema";
import { WORKSPACE_ROLES, type WorkspaceRole } from "../server/schemas/workspace-roles";
import { joinWorkspace, sharedWorkspaceNamed } from "../server/data/workspaces";
import { createApiToken } from "../server/auth/tokens";

function fail(message: string): never {
  process.stderr.write(`token: ${message}\n`);
  process.exit(1);
}

async function main() {
  let values: { email?: string; name?: string; workspace?: string; role?: string; scope?: string };
  const usage =
    "usage: npm run --silent token -- --email someone@example.com [--workspace NAME] [--role viewer|reviewer|editor|owner] [--scope read|write] [--name TOKEN_NAME]";
  try {
    const options = {
      email: { type: "string" },
      name: { type: "string" },
      workspace: { type: "string" },
      role: { type: "string" },
      scope: { type: "string" },
    } as const;
    ({ values } = parseArgs({ options, strict: true }));
  } catch (e) {
    fail(`${(e as Error).message}\n${usage}`);
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email))
    fail("--email is required and must be an email address, e.g. --email someone@example.com");
  const name = values.name?.trim() || "command line";
  if (name.length > 100) fail("--name must have at most 100 characters");
  const workspaceName = values.workspace?.trim();
  if (values.workspace !== undefined && (!workspaceName || workspaceName.length > 100))
    fail("--workspace must be a name of 1 to 100 characters");
  if (values.role !== undefined && !(WORKSPACE_ROLES as readonly string[]).includes(values.role))
    fail(`--role must be one of ${WORKSPACE_ROLES.join(", ")}`);
  if (values.role !== undefined && !workspaceName)
    fail("--role needs --workspace (in their own workspace a person is its owner)");
  if (values.scope !== undefined && values.scope !== "read" && values.scope !== "write")
    fail("--scope must be read or write");
  const role = values.role as WorkspaceRole | undefined;
  const scope = (values.scope ?? "write") as "read" | "write";

  let handle;
  try {
    handle = await openFromEnv();
  } catch (e) {
    if (e instanceof EmbeddedDatabaseBusy) fail(e.message);
    throw e;
  }
  try {
    const existing = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    let userId = existing[0]?.id;
    if (!userId) {
      userId = randomUUID();
      await handle.db
        .insert(user)
        .values({ id: userId, name: email.split("@")[0]!, email })
        .onConflictDoNothing();
      const again = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      userId = again[0]!.id;
    }
    let workspaceId: number | undefined;
    if (workspaceName) {
      const shared = await sharedWorkspaceNamed(handle.db, workspaceName, userId);
      workspaceId = shared.id;
      if (!shared.made) await joinWorkspace(handle.db, shared.id, userId, role ?? "editor");
    }
    const { token } = await createApiToken(handle.db, userId, name, null, { workspaceId, scope });
    process.stdout.write(`${token}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
