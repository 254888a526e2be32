// The generated signing secret: made once per DATA_DIR, kept private, the same for every process
// that starts on it (several workers may start at once and must sign sessions alike).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { authSecret } from "./accounts";

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

const dirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-secret-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("authSecret", () => {
  it("uses AUTH_SECRET when set, and refuses a short one", () => {
    expect(authSecret(env({ AUTH_SECRET: "s".repeat(32) }))).toBe("s".repeat(32));
    expect(() => authSecret(env({ AUTH_SECRET: "short" }))).toThrow("at least 32 characters");
  });

  it("generates one secret into DATA_DIR, readable only by its owner, and reads it back", () => {
    const dataDir = freshDataDir();
    const first = authSecret(env({ DATA_DIR: dataDir }));
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(authSecret(env({ DATA_DIR: dataDir }))).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(["auth-secret"]); // no draft left behind
  });

  it("gives every process starting at once on a fresh DATA_DIR the same secret", async () => {
    const dataDir = freshDataDir();
    const script = `import("${path.resolve("server/auth/accounts.ts")}").then((m) => process.stdout.write(m.authSecret({ DATA_DIR: ${JSON.stringify(dataDir)} })))`;
    const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [tsx, "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
      });
    const secrets = await Promise.all(Array.from({ length: 6 }, run));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8"));
  }, 60_000);
});
