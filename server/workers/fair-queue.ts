// The order in which waiting tasks get a worker (./pool.ts): by turns between lanes (for the
// imports, a lane is a workspace), not by arrival alone. The next task is the oldest of a lane
// that has the fewest tasks running; among those, of the lane whose last task started longest ago
// (one that never started first, in the order the lanes came). So a workspace's third file waits
// behind other workspaces' first ones, and no workspace's files hold another's back for more than
// a turn. `perLane` caps the tasks of one lane running at once: with several workers, one lane
// cannot take them all while others wait. One lane (every task in "") is first come, first served.
// Pure: no Node APIs.

interface Lane<T> {
  waiting: T[];
  running: number;
  /** When its last task started (a count of starts); -1 before any, then the lane's arrival decides. */
  started: number;
  arrived: number;
}

export class FairQueue<T> {
  private readonly lanes = new Map<string, Lane<T>>();
  private starts = 0;
  private arrivals = 0;

  /** At most `perLane` tasks of one lane run at once. */
  constructor(private readonly perLane = Number.POSITIVE_INFINITY) {}

  push(lane: string, item: T): void {
    let entry = this.lanes.get(lane);
    if (!entry) {
      entry = { waiting: [], running: 0, started: -1, arrived: this.arrivals++ };
      this.lanes.set(lane, entry);
    }
    entry.waiting.push(item);
  }

  /** The next task to start, counted as running in its lane until `finished`; undefined when none may start. */
  take(): { lane: string; item: T } | undefined {
    let best: [string, Lane<T>] | null = null;
    for (const candidate of this.lanes) {
      const lane = candidate[1];
      if (lane.waiting.length === 0 || lane.running >= this.perLane) continue;
      if (!best || before(lane, best[1])) best = candidate;
    }
    if (!best) return undefined;
    const [name, lane] = best;
    lane.running++;
    lane.started = this.starts++;
    return { lane: name, item: lane.waiting.shift()! };
  }

  /** A task of `lane` that `take` gave has ended. */
  finished(lane: string): void {
    const entry = this.lanes.get(lane);
    if (!entry) return;
    entry.running--;
    if (entry.running === 0 && entry.waiting.length === 0) this.lanes.delete(lane);
  }

  /** Tasks waiting, in every lane. */
  get size(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.waiting.length;
    return n;
  }

  /** Tasks that could start now, were there workers for them. */
  get startable(): number {
    let n = 0;
    for (const lane of this.lanes.values())
      n += Math.max(0, Math.min(lane.waiting.length, this.perLane - lane.running));
    return n;
  }

  /** Every waiting task, taken out of the queue (the pool is closing, or its worker cannot start). */
  drain(): T[] {
    const all: T[] = [];
    for (const [name, lane] of this.lanes) {
      all.push(...lane.waiting.splice(0));
      if (lane.running === 0) this.lanes.delete(name);
    }
    return all;
  }
}

/** Whether lane `a` goes before lane `b`: fewer running, then the longer since its last start (never first), then arrival. */
function before<T>(a: Lane<T>, b: Lane<T>): boolean {
  if (a.running !== b.running) return a.running < b.running;
  if (a.started !== b.started) return a.started < b.started;
  return a.arrived < b.arrived;
}
