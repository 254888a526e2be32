// npm start: build when the sources are newer than the last build, then serve on PORT (3000).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild, root } from "./build.mjs";

ensureBuild();
const server = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
