// An import's file is read in the import worker when it is large, with the result the format's
// parser gives on the calling thread; a small one is read inline. The real bundled worker.
import { afterAll, describe, expect, it } from "vitest";
import { workerBundle } from "@/scripts/build-worker.mjs";
import { gift } from "../formats/gift";
import { createContentParser, INLINE_IMPORT_BYTES } from "./content-parser";

const parser = createContentParser(workerBundle, {
  parseWorkers: 1,
  parseMs: 10_000,
  parseMemoryMb: 256,
  importWorkers: 1,
});
afterAll(() => parser.close());

function giftOf(count: number): Uint8Array {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) lines.push(`::Q${i}:: Which is number ${i}? {=${i} ~${i + 1} ~${i + 2}}`, "");
  return new TextEncoder().encode(lines.join("\n"));
}

describe("reading an import's file", () => {
  const options = { maxItems: 10_000, maxBytes: 1 << 20 };

  it("in the import worker when it is large, with the plan the parser gives inline", async () => {
    const bytes = giftOf(6_000);
    expect(bytes.byteLength).toBeGreaterThan(INLINE_IMPORT_BYTES);
    const inWorker = await parser.parseImport({ format: "gift", bytes, options }, "");
    expect(inWorker).toEqual(gift.parse!(bytes, options));
    expect(inWorker.ok && inWorker.plan.items).toHaveLength(6_000);
    // It did go to a worker: with no worker script to load, the large file fails, the small one is read.
    const workerless = createContentParser("/nonexistent/parse-worker.cjs", {
      parseWorkers: 1,
      parseMs: 10_000,
      parseMemoryMb: 256,
      importWorkers: 1,
    });
    try {
      await expect(workerless.parseImport({ format: "gift", bytes, options }, "")).rejects.toThrow(
        /parse-worker|Cannot find module/,
      );
      expect((await workerless.parseImport({ format: "gift", bytes: giftOf(2), options }, "")).ok).toBe(true);
    } finally {
      await workerless.close();
    }
    // Two parses of 6,000 items and a worker started: seconds on a loaded machine, past vitest's 5 s.
  }, 30_000);

  it("inline when it is small, and a file's problems come back as issues either way", async () => {
    const small = giftOf(3);
    expect(await parser.parseImport({ format: "gift", bytes: small, options }, "")).toEqual(
      gift.parse!(small, options),
    );
    const tooMany = giftOf(6_000);
    const answer = await parser.parseImport(
      { format: "gift", bytes: tooMany, options: { ...options, maxItems: 10 } },
      "",
    );
    expect(answer).toMatchObject({ ok: false, issues: [{ path: "file", code: "too_many" }] });
  });
});
