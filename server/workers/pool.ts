// A small pool of worker threads for parsing untrusted content (SVG, HTML, media headers, the
// import formats), so that no request's parsing can stall the event loop that answers every
// other request. Each task runs under a time budget and each worker under a heap limit: a worker
// over either is terminated (its task answered with BudgetExceeded) and replaced on demand.
// Waiting tasks take turns between lanes (./fair-queue.ts): the imports of one workspace never
// hold another workspace's back for more than a turn. Node-only (worker_threads).
import { Worker } from "node:worker_threads";
import { FairQueue } from "./fair-queue";
import type { TaskInput, TaskName, TaskOutput } from "./tasks";

export interface PoolOptions {
  /** The worker script (the bundle of server/workers/entry.ts). */
  script: string;
  /** Threads at most; tasks beyond wait, taking turns between lanes. */
  size: number;
  /** Tasks of one lane running at once, at most (default: no cap): the other threads stay for other lanes. */
  perLane?: number;
  /** A task running longer is stopped, its worker terminated; Infinity for no limit. */
  taskTimeoutMs: number;
  /** Heap of one worker (V8 old generation), 0 for V8's default; over it the worker dies and its task fails. */
  memoryMb: number;
  /** An idle worker is ended after this long, returning its memory. */
  idleMs?: number;
}

/** A task stopped for going over the pool's time or memory budget. */
export class BudgetExceeded extends Error {
  constructor(
    readonly budget: "time" | "memory",
    readonly limit: number,
  ) {
    super(
      budget === "time" ? `the task ran longer than ${limit} ms` : `the task needed more than ${limit} MiB of memory`,
    );
  }
}

interface Job {
  lane: string;
  name: TaskName;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its script: a task's time budget starts only then. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Set once the worker is being ended: its events no longer concern any job. */
  gone: boolean;
}

type Answer = { ok: true; result: unknown } | { ok: false; message: string };
type Reply = { ready: true } | Answer;

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: FairQueue<Job>;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    this.queue = new FairQueue(options.perLane);
  }

  /**
   * Runs one task in a worker; rejects with BudgetExceeded past the budgets. Tasks of one `lane`
   * (for an import, its workspace) take turns with other lanes' for the workers.
   */
  run<N extends TaskName>(
    name: N,
    input: TaskInput<N>,
    transfer: ArrayBuffer[] = [],
    lane = "",
  ): Promise<TaskOutput<N>> {
    if (this.closed) return Promise.reject(new Error("the worker pool is closed"));
    return new Promise<TaskOutput<N>>((resolve, reject) => {
      this.queue.push(lane, { lane, name, input, transfer, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Tasks waiting for a worker (for diagnostics and the benchmark). */
  get waiting(): number {
    return this.queue.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.drain()) job.reject(new Error("the worker pool was closed"));
    await Promise.all([...this.slots].map((slot) => this.end(slot)));
  }

  private dispatch(): void {
    while (this.queue.startable > 0) {
      const slot = [...this.slots].find((s) => s.ready && s.job === null && !s.gone);
      if (slot) {
        this.start(slot, this.queue.take()!.item);
        continue;
      }
      // A worker still starting takes the next task once ready; start another only past those.
      const starting = [...this.slots].filter((s) => !s.ready).length;
      if (starting >= this.queue.startable || this.slots.size >= this.options.size) return;
      this.spawn();
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.script, {
      // 0: no heap limit of our own (V8's default).
      resourceLimits:
        this.options.memoryMb > 0
          ? {
              maxOldGenerationSizeMb: this.options.memoryMb,
              maxYoungGenerationSizeMb: Math.min(64, Math.max(8, this.options.memoryMb / 8)),
            }
          : {},
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null, idleTimer: null, gone: false };
    // A worker never keeps the process alive: an idle server or a finished test may exit.
    worker.unref();
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) {
        slot.ready = true;
        this.dispatch();
      } else this.settle(slot, reply);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const memory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      this.fail(slot, memory ? new BudgetExceeded("memory", this.options.memoryMb) : error);
    });
    worker.on("exit", (code) => this.fail(slot, new Error(`a parse worker stopped unexpectedly (exit code ${code})`)));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    // No time budget (LIMIT_PARSE_SECONDS=0) is Infinity, which setTimeout would read as 1 ms.
    const { taskTimeoutMs } = this.options;
    slot.timer = Number.isFinite(taskTimeoutMs)
      ? setTimeout(() => this.fail(slot, new BudgetExceeded("time", taskTimeoutMs)), taskTimeoutMs)
      : null;
    slot.worker.postMessage({ name: job.name, input: job.input }, job.transfer);
  }

  private settle(slot: Slot, reply: Answer): void {
    const job = slot.job;
    if (!job || slot.gone) return;
    this.clear(slot);
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new Error(`a parse task failed: ${reply.message}`));
    this.idle(slot);
    this.dispatch();
  }

  /** The slot's job fails with `error`; the worker is ended (it may be stuck or broken). */
  private fail(slot: Slot, error: Error): void {
    if (slot.gone) return;
    const job = slot.job;
    this.clear(slot);
    void this.end(slot);
    job?.reject(error);
    if (!slot.ready) {
      // It died loading its script: so would the next one. Fail what waits rather than retry forever.
      for (const waiting of this.queue.drain())
        waiting.reject(new Error(`a parse worker could not start: ${error.message}`));
      return;
    }
    this.dispatch();
  }

  private idle(slot: Slot): void {
    const idleMs = this.options.idleMs ?? 30_000;
    slot.idleTimer = setTimeout(() => void this.end(slot), idleMs);
    slot.idleTimer.unref();
  }

  private clear(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.job) this.queue.finished(slot.job.lane);
    slot.job = null;
  }

  private async end(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.gone = true;
    this.slots.delete(slot);
    await slot.worker.terminate();
  }
}
