// The production server's settings that are checked before anything starts (no build needed).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const server = path.resolve("scripts/server.mjs");
const run = (env: Record<string, string | undefined>) => {
  const clean = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete clean[k];
  return spawnSync(process.execPath, [server], { env: clean, encoding: "utf8", timeout: 20_000 });
};

describe("scripts/server.mjs refuses", () => {
  it("several app processes on the embedded database", () => {
    const r = run({ WEB_CONCURRENCY: "2", DATABASE_URL: undefined });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process",
    );
  });

  it.each(["0", "-1", "1.5", "two"])("WEB_CONCURRENCY=%s", (value) => {
    const r = run({ WEB_CONCURRENCY: value, DATABASE_URL: "postgres://127.0.0.1:1/none" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`WEB_CONCURRENCY must be a whole number from 1 up (it is "${value}")`);
  });
});
