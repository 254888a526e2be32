// Contract 8.7: a file no row records is never served and is cleaned up later, after a grace
// period that protects a request between writing its files and committing its rows.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/server/media/hash";
import { removeOrphanMedia } from "@/server/media/orphans";
import { makePng, toBase64 } from "../support/media-fixtures";
import { createTestApp, examInput, type TestApp } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const age = (file: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(t.mediaDir, file), when, when);
};

describe("orphan media clean-up", () => {
  it("removes old files without a row, keeps recorded files and young orphans", async () => {
    const u = await t.newUser();
    const png = makePng(40, 20);
    const created = await u.call("exam.examCreate", {
      exam: examInput({ description: '<p><img src="a.png"></p>' }),
      resources: { "a.png": toBase64(png) },
    });
    const stored = ok(created).resources["a.png"];
    expect(stored).toMatch(/^\/media\//);
    const kept = stored!.replace("/media/", "");

    const orphanBytes = makePng(41, 21);
    const orphan = `${sha256Hex(orphanBytes)}.png`;
    await t.app.media.put(orphan, orphanBytes, "image/png");
    const youngBytes = makePng(42, 22);
    const young = `${sha256Hex(youngBytes)}.png`;
    await t.app.media.put(young, youngBytes, "image/png");

    age(kept, 2 * 3600_000);
    age(orphan, 2 * 3600_000);
    expect((await t.getMedia(`/media/${orphan}`)).status).toBe(404);

    const removed = await removeOrphanMedia(t.db, t.app.media);
    expect(removed).toEqual([orphan]);
    expect(fs.existsSync(path.join(t.mediaDir, orphan))).toBe(false);
    expect(fs.existsSync(path.join(t.mediaDir, young))).toBe(true);
    expect((await t.getMedia(`/media/${kept}`)).status).toBe(200);
  });

  it("a file uploaded again is young again, so a request reusing it never loses it", async () => {
    const bytes = makePng(43, 23);
    const name = `${sha256Hex(bytes)}.png`;
    await t.app.media.put(name, bytes, "image/png");
    age(name, 2 * 3600_000);
    await t.app.media.put(name, bytes, "image/png");
    expect(await removeOrphanMedia(t.db, t.app.media)).not.toContain(name);
  });
});
