// Builds the app when a source is newer than the last build, and the parse worker's bundle
// (scripts/build-worker.mjs). Used by `npm start`, by the browser tests and by the integration
// tests that run `next start` (tests/support/next-server.ts), so all serve the same `next build`
// output. NEXT_DIST_DIR picks the build folder (default .next), so two checkouts' builds can sit
// side by side. One build at a time per folder: `npm test` builds for the browser tests while the
// integration tests run, and one of those may need the build too; the later caller waits for the
// earlier one's build and then finds it current.
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

const distDir = () => path.join(root, process.env.NEXT_DIST_DIR || ".next");

export function buildIsCurrent() {
  const id = path.join(distDir(), "BUILD_ID");
  if (!fs.existsSync(id)) return false;
  const built = fs.statSync(id).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** Builds if needed (the parse worker every time: it takes a second); exits the process when a build fails. */
export function ensureBuild() {
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const release = takeBuildLock();
  try {
    build();
  } finally {
    release();
  }
}

function build() {
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

/**
 * The build folder's lock: a directory beside it (made atomically) holding the builder's pid.
 * Waits while another live process holds it; a lock whose process has died is taken over.
 */
function takeBuildLock() {
  const lock = `${distDir()}.build-lock`;
  const pidFile = path.join(lock, "pid");
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(pidFile, String(process.pid));
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const holder = Number(readOr(pidFile, ""));
    // No pid after 10 s: its maker died between making the lock and writing the pid.
    const abandoned = holder > 0 ? !alive(holder) : Date.now() - mtimeOr(lock) > 10_000;
    if (abandoned) {
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told) console.log(`Waiting for the build that process ${holder || "(starting)"} is running…`);
    told = true;
    // A synchronous sleep: ensureBuild is synchronous for its callers.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
}

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

function mtimeOr(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
