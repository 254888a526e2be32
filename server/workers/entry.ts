// A parse worker: runs the tasks of ./tasks.ts that the pool (./pool.ts) sends, one at a time.
// Bundled on its own (scripts/build-worker.mjs), since a worker thread loads a plain script.
import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { TASKS, transferables, type TaskName } from "./tasks";

/**
 * Parsing yields the CPU to the threads that answer requests (and to the database): the worker
 * lowers its own thread's scheduling priority. Linux only (a thread's id from /proc); elsewhere
 * it keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 10);
  } catch {
    // not Linux, or not permitted: same priority as the process
  }
}

lowerPriority();
parentPort!.on("message", ({ name, input }: { name: TaskName; input: never }) => {
  try {
    const result = TASKS[name](input);
    parentPort!.postMessage({ ok: true, result }, transferables(result));
  } catch (error) {
    parentPort!.postMessage({
      ok: false,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
parentPort!.postMessage({ ready: true });
