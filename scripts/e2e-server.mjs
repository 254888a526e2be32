// The server of the browser tests: the same build as `npm start`, on a fresh embedded database
// in a temporary DATA_DIR (removed on exit), on E2E_PORT. Playwright starts and stops it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, root } from "./build.mjs";

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-e2e-data-"));
const port = process.env.E2E_PORT || "3100";
// Every browser test signs up its own author from 127.0.0.1, many a minute: no sign-up limit here
// (tests/integration/sign-in-limits.test.ts tests it).
const env = { ...process.env, DATA_DIR: dataDir, PORT: port, NEXT_TELEMETRY_DISABLED: "1", LIMIT_SIGN_UPS: "0" };
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env,
});
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
