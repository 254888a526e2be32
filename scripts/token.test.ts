// The token command (docs/running.md: `npm run --silent token -- --email …`), run as a real process
// against a real database: embedded PGlite in a temporary DATA_DIR, and PostgreSQL when
// TEST_DATABASE_URL names a server. Each PGlite start costs seconds, so the runs are few and
// each one is checked for several things.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openPglite, openPostgres, type DbHandle } from "@/db/client";
import { apiToken, user } from "@/db/schema";
import { authenticateToken } from "@/server/auth/tokens";

const ROOT = path.resolve(import.meta.dirname, "..");
const TOKEN_LINE = /^ek_[A-Za-z0-9_-]{43,}\n$/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runToken(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve, reject) => {
    // The same command as `npm run token` (package.json: "tsx scripts/token.ts"), without npm's start-up.
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/token.ts", ...args], {
      cwd: ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-token-"));
  tempDirs.push(dir);
  return dir;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the database holds for `email`: the user rows and their tokens. */
async function storedFor(db: DbHandle["db"], email: string) {
  const users = await db.select().from(user).where(eq(user.email, email));
  const tokens = users.length ? await db.select().from(apiToken).where(eq(apiToken.userId, users[0]!.id)) : [];
  return { users, tokens };
}

const serverUrl = process.env.TEST_DATABASE_URL;

// The three runs are independent processes on separate databases: run them side by side.
describe.concurrent("token command", () => {
  it("refuses a missing or bad --email with exit 1, a message on stderr, nothing on stdout, and no database", async () => {
    const dataDir = tempDataDir();
    const cases: [string[], RegExp][] = [
      [[], /--email is required/],
      [["--email", "not-an-email"], /--email .*must be an email address/],
      [["--email", "x@example.com", "--colour", "red"], /colour[\s\S]*usage:/],
      [["--email", "x@example.com", "--name", "n".repeat(101)], /--name must have at most 100 characters/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runToken(args, { DATA_DIR: dataDir })));
    runs.forEach((run, i) => {
      const [args, message] = cases[i]!;
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stdout, args.join(" ")).toBe("");
      expect(run.stderr, args.join(" ")).toMatch(message);
    });
    // Refused before opening anything: the embedded database was never created.
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);

  it("embedded database (PGlite): prints one token line, creates the user once, and refuses while another process holds the database", async () => {
    const dataDir = tempDataDir();
    const email = "Author@Example.com";

    const first = await runToken(["--email", email, "--name", "ci import"], { DATA_DIR: dataDir });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(TOKEN_LINE);
    // The lock is released when the command ends.
    expect(fs.existsSync(path.join(dataDir, "pglite", "owner.pid"))).toBe(false);

    const second = await runToken(["--email", email.toLowerCase()], { DATA_DIR: dataDir });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(TOKEN_LINE);
    expect(second.stdout).not.toBe(first.stdout);

    // Another live process holds the directory: refused with a clear message, nothing touched.
    const holder = spawn("sleep", ["30"], { stdio: "ignore" });
    children.push(holder);
    const lock = path.join(dataDir, "pglite", "owner.pid");
    fs.writeFileSync(lock, String(holder.pid));
    let busy: Run;
    try {
      busy = await runToken(["--email", email], { DATA_DIR: dataDir });
    } finally {
      holder.kill();
    }
    expect(busy.code).toBe(1);
    expect(busy.stdout).toBe("");
    expect(busy.stderr).toMatch(/in use by another process/);
    expect(busy.stderr).toContain(`pid ${holder.pid}`);
    expect(busy.stderr).toMatch(/DATABASE_URL/);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(holder.pid));
    fs.rmSync(lock);

    // What was stored: one user, two tokens (the refused run added none), each printed token works.
    const handle = await openPglite({ dataDir: path.join(dataDir, "pglite"), migrate: false });
    try {
      const { users, tokens } = await storedFor(handle.db, "author@example.com");
      expect(users).toHaveLength(1);
      expect(tokens.map((t) => t.name).sort()).toEqual(["ci import", "command line"]);
      for (const printed of [first.stdout.trim(), second.stdout.trim()]) {
        const actor = await authenticateToken(handle.db, printed, 1, 600);
        expect(actor.userId).toBe(users[0]!.id);
        // Stored only as a hash.
        for (const row of tokens) expect(JSON.stringify(row)).not.toContain(printed.slice(3));
      }
    } finally {
      await handle.close();
    }
  }, 120_000);

  it.skipIf(!serverUrl)(
    "PostgreSQL (DATABASE_URL): prints one token line and creates the user once, without touching DATA_DIR",
    async () => {
      const { default: postgres } = await import("postgres");
      const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      const name = `exam_token_test_${process.pid}_${Date.now()}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const dataDir = tempDataDir();
      try {
        const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
        const first = await runToken(["--email", "pg@example.com"], env);
        expect(first.code, first.stderr).toBe(0);
        expect(first.stdout).toMatch(TOKEN_LINE);
        const second = await runToken(["--email", "pg@example.com", "--name", "second"], env);
        expect(second.code, second.stderr).toBe(0);
        expect(second.stdout).toMatch(TOKEN_LINE);
        expect(second.stdout).not.toBe(first.stdout);
        expect(fs.readdirSync(dataDir)).toEqual([]);

        const handle = await openPostgres(url.toString(), { migrate: false, poolSize: 1 });
        try {
          const { users, tokens } = await storedFor(handle.db, "pg@example.com");
          expect(users).toHaveLength(1);
          expect(tokens.map((t) => t.name).sort()).toEqual(["command line", "second"]);
          const actor = await authenticateToken(handle.db, second.stdout.trim(), 1, 600);
          expect(actor.userId).toBe(users[0]!.id);
        } finally {
          await handle.close();
        }
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
