// npm start: build when the sources are newer than the last build, then serve on PORT (3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = ["app", "components", "server", "db", "package.json", "next.config.ts", "tsconfig.json"];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

function buildIsCurrent() {
  const id = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(id)) return false;
  const built = fs.statSync(id).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
if (!buildIsCurrent()) {
  console.log("Building the app (sources changed since the last build)…");
  const result = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const port = process.env.PORT || "3000";
const server = spawn(process.execPath, [next, "start", "-p", port], { cwd: root, stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
