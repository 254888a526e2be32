// Where the bundled parse worker is (scripts/build-worker.mjs writes it). Resolved from the
// working directory, which is the project's root for every way the app starts, as for the
// migrations (db/client.ts).
import fs from "node:fs";
import path from "node:path";

export function parseWorkerScript(): string {
  // The ignore comment keeps the bundler from tracing the whole project.
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), ".build", "parse-worker.cjs");
  if (!fs.existsSync(file)) {
    throw new Error(
      `The parse worker ${file} is missing: run \`npm run build\` (or \`node scripts/build-worker.mjs\`) in the project's folder`,
    );
  }
  return file;
}
