// `next start` on the app's build, for the integration tests of what only Next's own server does
// to a request (its router and proxy in front of the route handlers). The build is the one
// `npm start` and the browser tests serve (scripts/build.mjs): made when a source is newer than it,
// and waited for when `npm test` is making it beside the integration tests. Building takes
// minutes: a test file starts one server for all its cases (beforeAll with NEXT_START_SETUP_MS).
import { spawn } from "node:child_process";
import path from "node:path";
import { spawnServer, stopServer, type ServerProcess } from "./server-process";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

/** A beforeAll that may build the app first: a build takes minutes on the CI machines. */
export const NEXT_START_SETUP_MS = 900_000;

/** Builds the app when it is out of date (or waits for the build under way); rejects with the log when it fails. */
export async function buildApp(): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", "(await import('./scripts/build.mjs')).ensureBuild()"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the app's build failed (exit ${code}):\n${log.slice(-4000)}`);
}

/**
 * `next start` on 127.0.0.1:`port` with `env` (the database, the media directory, limits), once it
 * answers: instrumentation.ts has opened the database by then.
 */
export async function startNextServer(port: number, env: Record<string, string | undefined>): Promise<ServerProcess> {
  return spawnServer(
    [NEXT_BIN, "start", "--port", String(port), "--hostname", "127.0.0.1"],
    port,
    // vitest sets NODE_ENV=test; Next's own CLI would set production.
    { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    (output) => /Ready in/.test(output),
    120_000,
  );
}

/** SIGTERM, and the exit `next start` makes of it: 143 (128 + SIGTERM) after its clean-up. */
export const stopNextServer = (server: ServerProcess) => stopServer(server, 143);
