// Builds the app when a source is newer than the last build, and the parse worker's bundle
// (scripts/build-worker.mjs). Used by `npm start` and by the
// browser tests, so both serve the same `next build` output. NEXT_DIST_DIR picks the build
// folder (default .next), so two checkouts' builds can sit side by side.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
// docs/api: the API guide's pages (/docs/guide) are rendered from it at build time.
const SOURCES = [
  "app",
  "components",
  "server",
  "db",
  "docs/api",
  "proxy.ts",
  "instrumentation.ts",
  "package.json",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
    max = Math.max(max, newestMtime(path.join(p, entry)));
  }
  return max;
}

export function buildIsCurrent() {
  const id = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!fs.existsSync(id)) return false;
  const built = fs.statSync(id).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** Builds if needed (the parse worker every time: it takes a second); exits the process when a build fails. */
export function ensureBuild() {
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const worker = spawnSync(process.execPath, [path.join(root, "scripts", "build-worker.mjs")], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  if (worker.status !== 0) process.exit(worker.status ?? 1);
  if (buildIsCurrent()) return;
  console.log("Building the app (sources changed since the last build)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
