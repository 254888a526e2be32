// npm run --silent token -- --email someone@example.com [--name NAME]
// Creates the user when missing and prints a new API token on stdout, nothing else.
// Uses the same DATABASE_URL / DATA_DIR as the server; refuses (without touching anything)
// while a server holds the embedded database.
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { openFromEnv } from "../db/client";
import { EmbeddedDatabaseBusy } from "../db/embedded-lock";
import { user } from "../db/schema";
import { createApiToken } from "../server/auth/tokens";

function fail(message: string): never {
  process.stderr.write(`token: ${message}\n`);
  process.exit(1);
}

async function main() {
  let values: { email?: string; name?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } }, strict: true }));
  } catch (e) {
    fail(`${(e as Error).message}\nusage: npm run --silent token -- --email someone@example.com [--name NAME]`);
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) fail("--email is required and must be an email address, e.g. --email someone@example.com");
  const name = values.name?.trim() || "command line";
  if (name.length > 100) fail("--name must have at most 100 characters");

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
      await handle.db.insert(user).values({ id: userId, name: email.split("@")[0]!, email }).onConflictDoNothing();
      const again = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      userId = again[0]!.id;
    }
    const { token } = await createApiToken(handle.db, userId, name);
    process.stdout.write(`${token}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
