import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

/**
 * Runs `queue` on `workers` workers, one step at a time: the step's arrivals are queued, the
 * oldest running task ends, free workers take the next tasks. Returns the order tasks started in.
 */
function startOrder(queue: FairQueue<string>, workers: number, arrivals: [string, string][][] = []) {
  const order: string[] = [];
  const running: { lane: string; item: string }[] = [];
  for (let step = 0; step < 100; step++) {
    for (const [lane, item] of arrivals[step] ?? []) queue.push(lane, item);
    const done = step > 0 ? running.shift() : undefined;
    if (done) queue.finished(done.lane);
    while (running.length < workers) {
      const next = queue.take();
      if (!next) break;
      order.push(next.item);
      running.push(next);
    }
    if (running.length === 0 && step >= arrivals.length) break;
  }
  return order;
}

describe("the order in which waiting imports get a worker", () => {
  it("takes turns between workspaces: A's second and third files wait behind B's and C's first", () => {
    const queue = new FairQueue<string>(1);
    for (const item of ["A1", "A2", "A3"]) queue.push("A", item);
    queue.push("B", "B1");
    queue.push("B", "B2");
    queue.push("C", "C1");
    expect(startOrder(queue, 1)).toEqual(["A1", "B1", "C1", "A2", "B2", "A3"]);
  });

  it("puts a workspace that arrives while another's file is read before that workspace's next file", () => {
    const queue = new FairQueue<string>(1);
    const arrivals: [string, string][][] = [
      [
        ["A", "A1"],
        ["A", "A2"],
        ["A", "A3"],
      ],
      // A1 is being read, A2 and A3 wait, when B's only file comes.
      [["B", "B1"]],
    ];
    expect(startOrder(queue, 1, arrivals)).toEqual(["A1", "B1", "A2", "A3"]);
  });

  it("with two workers, keeps one for other workspaces while one workspace has a file running", () => {
    const queue = new FairQueue<string>(1);
    for (const item of ["A1", "A2", "A3"]) queue.push("A", item);
    expect(queue.take()).toEqual({ lane: "A", item: "A1" });
    // A is at its one running file: its others wait even with a worker free, which B's file takes.
    expect(queue.take()).toBeUndefined();
    expect(queue.startable).toBe(0);
    queue.push("B", "B1");
    expect(queue.startable).toBe(1);
    expect(queue.take()).toEqual({ lane: "B", item: "B1" });
    queue.finished("A");
    expect(queue.take()).toEqual({ lane: "A", item: "A2" });
    expect(queue.size).toBe(1);
  });

  it("is first come, first served within one lane, and without a cap runs a lane's tasks side by side", () => {
    const queue = new FairQueue<string>();
    for (const item of ["1", "2", "3", "4"]) queue.push("", item);
    expect(queue.startable).toBe(4);
    expect(startOrder(queue, 3)).toEqual(["1", "2", "3", "4"]);
    expect(queue.size).toBe(0);
  });

  it("gives back every waiting task when drained, and forgets lanes with nothing left", () => {
    const queue = new FairQueue<string>(1);
    queue.push("A", "A1");
    queue.push("A", "A2");
    queue.push("B", "B1");
    expect(queue.take()?.item).toBe("A1");
    expect(queue.drain().sort()).toEqual(["A2", "B1"]);
    expect(queue.size).toBe(0);
    queue.finished("A");
    // A lane that comes back after it emptied is new again: it goes before one that has had a turn.
    queue.push("B", "B2");
    expect(queue.take()?.item).toBe("B2");
    queue.push("A", "A3");
    queue.push("B", "B3");
    queue.finished("B");
    expect(queue.take()?.item).toBe("A3");
  });
});
