// Once per test project: bundle the parse worker, which the app's content checks run in
// (server/workers), from the sources as they are now.
import { buildWorker } from "../../scripts/build-worker.mjs";

export default async function setup() {
  await buildWorker();
}
