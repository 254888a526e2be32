// The import worker's queue takes turns between workspaces (issue 23): through exam.examImport on
// the real database, three large files of workspace A are waiting for the one import worker when
// a large file of workspace B comes; B's is read second, right after the file being read, not
// after all of A's. Made deterministic without timing: the app's own parser is wrapped so that the
// files reach it together once all four calls are there (A's three first, then B's), and the
// order in which the import worker finishes reading them is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentParser } from "@/server/workers/content-parser";
import { INLINE_IMPORT_BYTES } from "@/server/workers/content-parser";
import { importFile } from "../support/import-files";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY, importWorkers: 1 } });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

/** A GIFT file of 400 questions with long texts, each naming `who`: over 256 KB, read in the import worker. */
function giftOf(who: string): Buffer {
  const lines: string[] = [];
  const words = "word ".repeat(150);
  for (let i = 1; i <= 400; i++) lines.push(`::${who} ${i}:: ${words}number ${i}? {=${i} ~${i + 1} ~${i + 2}}`, "");
  return Buffer.from(lines.join("\n"));
}

/**
 * The parser with its imports held until `count` have come, then handed on together in the order
 * they came; `arrived` resolves when the first `count - 1` are held. Records the lane of each
 * file as its reading ends.
 */
function gathering(parser: ContentParser, count: number) {
  const held: (() => void)[] = [];
  const read: string[] = [];
  let othersHeld!: () => void;
  const arrived = new Promise<void>((resolve) => (othersHeld = resolve));
  const gathered: ContentParser = {
    ...parser,
    async parseImport(task, lane) {
      await new Promise<void>((go) => {
        held.push(go);
        if (held.length === count - 1) othersHeld();
        if (held.length === count) for (const release of held) release();
      });
      const result = await parser.parseImport(task, lane);
      read.push(lane);
      return result;
    },
  };
  return { gathered, arrived, read };
}

describe("the import worker's queue", () => {
  it("reads workspace B's file right after the one being read, before workspace A's other two", async () => {
    const aFile = giftOf("A");
    const bFile = giftOf("B");
    expect(bFile.byteLength).toBeGreaterThan(INLINE_IMPORT_BYTES);
    const real = t.app.parser;
    const { gathered, arrived, read } = gathering(real, 4);
    t.app.parser = gathered;
    try {
      const aImport = (n: number) =>
        ann.call("exam.examImport", {
          file: importFile(aFile, `a${n}.gift`),
          format: "gift",
          exam: examInput({ title: `A ${n}` }),
          dry_run: true,
        });
      const aImports = [aImport(1), aImport(2), aImport(3)];
      await arrived;
      const bImport = bob.call("exam.examImport", {
        file: importFile(bFile, "b.gift"),
        format: "gift",
        exam: examInput({ title: "B" }),
      });
      const [b, ...a] = await Promise.all([bImport, ...aImports]);
      expect(ok(b)).toMatchObject({ created: 400 });
      for (const reply of a) expect(ok(reply)).toMatchObject({ created: 400 });

      const [laneA, laneB] = [read[0]!, read.find((lane) => lane !== read[0])!];
      expect(laneA).not.toBe(laneB);
      // One import worker: A's first file was being read; B's came after A's other two and is read next.
      expect(read).toEqual([laneA, laneB, laneA, laneA]);
    } finally {
      t.app.parser = real;
    }
  });
});
