// The parse worker pool on real worker threads running the bundled worker (built by the test
// set-up from the current sources): same results as on the calling thread, budgets enforced,
// a worker over budget replaced.
import { afterEach, describe, expect, it } from "vitest";
import { makePng, makeSvg, toBase64 } from "@/tests/support/media-fixtures";
import { workerBundle } from "@/scripts/build-worker.mjs";
import { checkResource } from "../media/check-resource";
import { cleanHtml } from "../html/policy";
import { BudgetExceeded, WorkerPool, type PoolOptions } from "./pool";

const pools: WorkerPool[] = [];
function pool(options: Partial<PoolOptions> = {}): WorkerPool {
  const p = new WorkerPool({ script: workerBundle, size: 2, taskTimeoutMs: 10_000, memoryMb: 256, ...options });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** About 500 KB of HTML that takes the policy a noticeable time (spans 99 deep, repeated). */
function heavyHtml(): string {
  const unit = `${"<span>".repeat(99)}x${"</span>".repeat(99)}`;
  return `<p>${unit.repeat(Math.floor(500_000 / unit.length))}</p>`;
}

describe("WorkerPool", () => {
  it("gives the results the pure functions give on the calling thread, bytes included", async () => {
    const p = pool();
    const png = { key: "a.png", path: 'resources["a.png"]', base64: toBase64(makePng(40, 30)), maxBytes: 1 << 20 };
    const svg = {
      key: "b.svg",
      path: 'resources["b.svg"]',
      base64: toBase64(makeSvg(20, 10, '<rect onclick="x()"/>')),
      maxBytes: 1 << 20,
    };
    const html = { html: '<p onclick="x">a<font>b</font></p>', kind: "answer" as const, path: "answers[0].answer" };
    const [inPng, inSvg, inHtml] = await Promise.all([
      p.run("checkResource", png),
      p.run("checkResource", svg),
      p.run("cleanHtml", html),
    ]);
    expect(inPng).toEqual(checkResource(png));
    expect(inSvg).toEqual(checkResource(svg));
    expect(inSvg.ok && inSvg.bytes).toBeInstanceOf(Uint8Array);
    expect(inHtml).toEqual(cleanHtml(html.html, html.kind, html.path));
    // HTML that cleaning leaves as it was does not travel back: null stands for "as sent".
    const clean = await p.run("cleanHtml", { html: "<p>fine</p>", kind: "answer", path: "a" });
    expect(clean.html).toBeNull();
    expect(clean.hasContent).toBe(true);
  });

  it("stops a task over the time budget, and the next task gets a fresh worker", async () => {
    // The budget sits well between the two tasks: the heavy one takes about three seconds (twelve
    // times the usual heavy HTML), and the quick one, the fresh worker's first, must pass within it
    // even on a loaded machine (20 ms did not, with its first call's warm-up; 200 ms did not in CI
    // once the worker's bundle carried the LaTeX converter and the font reader).
    const p = pool({ size: 1, taskTimeoutMs: 600 });
    const html = heavyHtml().repeat(12);
    const slow = p.run("cleanHtml", { html, kind: "answer", path: "answers[0].answer" });
    await expect(slow).rejects.toBeInstanceOf(BudgetExceeded);
    await expect(slow).rejects.toMatchObject({ budget: "time", limit: 600 });
    const quick = await p.run("cleanHtml", { html: "<p><font>fine</font></p>", kind: "answer", path: "a" });
    expect(quick.html).toBe("<p>fine</p>");
  });

  it("stops a worker over the memory budget, and the next task gets a fresh worker", async () => {
    const p = pool({ size: 1, memoryMb: 32 });
    // A few megabytes of SVG (within the element limit) become a tree of hundreds of thousands of
    // objects: well over 32 MiB.
    const many = makeSvg(10, 10, '<rect width="1" height="1" fill="red"/>'.repeat(95_000));
    const big = p.run("checkResource", { key: "m.svg", path: "m", base64: toBase64(many), maxBytes: 1 << 30 });
    await expect(big).rejects.toMatchObject({ budget: "memory", limit: 32 });
    const quick = await p.run("cleanHtml", { html: "<p><font>fine</font></p>", kind: "answer", path: "a" });
    expect(quick.html).toBe("<p>fine</p>");
    // Two workers start and one parses megabytes: 2.5 s alone, 16 s once (measured) while the
    // other test files and the app's build load the two cores: the unit tests' 30 s is enough.
  });

  it("runs tasks to the end when the budgets are off (LIMIT_PARSE_SECONDS=0, LIMIT_PARSE_MEMORY_MB=0)", async () => {
    const p = pool({ size: 1, taskTimeoutMs: Number.POSITIVE_INFINITY, memoryMb: 0 });
    const result = await p.run("cleanHtml", { html: heavyHtml(), kind: "answer", path: "answers[0].answer" });
    expect(result.errors).toEqual([]);
  });

  it("queues tasks beyond its size and runs them all", async () => {
    const p = pool({ size: 1 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        p.run("cleanHtml", { html: `<p><font>${i}</font></p>`, kind: "answer", path: "a" }),
      ),
    );
    expect(results.map((r) => r.html)).toEqual([
      "<p>0</p>",
      "<p>1</p>",
      "<p>2</p>",
      "<p>3</p>",
      "<p>4</p>",
      "<p>5</p>",
    ]);
    expect(p.waiting).toBe(0);
  });

  it("lets waiting tasks take turns between lanes: one lane's many tasks hold another's first for one turn at most", async () => {
    const p = pool({ size: 1, perLane: 1 });
    const done: string[] = [];
    const task = (lane: string, name: string) =>
      p.run("cleanHtml", { html: `<p>${name}</p>`, kind: "answer", path: "a" }, [], lane).then(() => done.push(name));
    // All queued before the one worker is ready: it takes them in turns, one at a time.
    await Promise.all([task("A", "A1"), task("A", "A2"), task("A", "A3"), task("B", "B1"), task("B", "B2")]);
    expect(done).toEqual(["A1", "B1", "A2", "B2", "A3"]);
  });

  it("fails what waits, with the reason, when the worker cannot start", async () => {
    const p = pool({ script: "/nonexistent/parse-worker.cjs" });
    await expect(p.run("cleanHtml", { html: "<p>x</p>", kind: "answer", path: "a" })).rejects.toThrow(
      /parse-worker|Cannot find module/,
    );
  });
});
