// Bundles the parse worker (server/workers/entry.ts and the pure modules it runs) into one
// script that a worker thread can load: `.build/parse-worker.cjs`. Next's build does not produce
// it (a worker thread needs a file of its own), so `npm run build`, `npm start`, `npm run dev`,
// the browser tests and the integration tests' set-up all call this first. Takes about a second.
// Run directly: `node scripts/build-worker.mjs`.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import esbuild from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const workerBundle = path.join(root, ".build", "parse-worker.cjs");

export async function buildWorker() {
  fs.mkdirSync(path.dirname(workerBundle), { recursive: true });
  // Written under a private name and renamed into place: builds running side by side (the test
  // projects' set-ups) never leave a half-written file for a worker to load.
  const draft = `${workerBundle}.${process.pid}.${Date.now()}.tmp`;
  await esbuild.build({
    entryPoints: [path.join(root, "server", "workers", "entry.ts")],
    outfile: draft,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  fs.renameSync(draft, workerBundle);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildWorker();
