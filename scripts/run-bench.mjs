// Runs a TypeScript benchmark (`node scripts/run-bench.mjs bench/bank-duplicates.ts`) on the app's
// code compiled as the production build compiles it: bundled by esbuild into
// `.build/bench/<name>.mjs`, the npm packages left to Node, then run by Node with the same
// arguments and environment. Not through tsx, which keeps every function's name by wrapping each
// closure it makes in a call (`__name`): code that makes closures on every request paid for them
// in the benchmark and not in production (a few microseconds a similar_question look-up, measured).
// The project's own .mjs scripts stay separate files, run as they are.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import esbuild from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const [entry, ...args] = process.argv.slice(2);
if (!entry || !entry.endsWith(".ts")) {
  console.error("usage: node scripts/run-bench.mjs bench/<name>.ts [arguments]");
  process.exit(2);
}
const outfile = path.join(root, ".build", "bench", `${path.basename(entry, ".ts")}.mjs`);
fs.mkdirSync(path.dirname(outfile), { recursive: true });
await esbuild.build({
  entryPoints: [path.resolve(root, entry)],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
  plugins: [
    {
      name: "own-scripts-apart",
      setup(build) {
        build.onResolve({ filter: /\.mjs$/ }, (to) =>
          to.path.startsWith(".") ? { path: path.resolve(to.resolveDir, to.path), external: true } : undefined,
        );
      },
    },
  ],
});
// Node options given to this script (--cpu-prof, --trace-gc, …) are the benchmark's.
const run = spawnSync(process.execPath, [...process.execArgv, outfile, ...args], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
process.exit(run.status ?? 1);
