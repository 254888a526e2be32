import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makePng } from "@/tests/support/media-fixtures";
import { DiskMediaStore } from "./disk-store";
import { mediaName } from "./paths";
import { sha256Hex } from "./store";

let root: string;
let dir: string;
let store: DiskMediaStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "media-store-"));
  dir = path.join(root, "nested", "media"); // created on first put
  store = new DiskMediaStore(dir);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const png = makePng(4, 4);
const name = mediaName(sha256Hex(png), "png");

async function collect(iterable: AsyncIterable<{ name: string; modifiedAt: Date }>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) {
    if (!(item.modifiedAt instanceof Date) || Number.isNaN(item.modifiedAt.getTime()))
      throw new Error(`no write time for ${item.name}`);
    out.push(item.name);
  }
  return out.sort();
}

describe("DiskMediaStore", () => {
  it("puts, gets, has and deletes by <hash>.<ext>", async () => {
    expect(await store.has(name)).toBe(false);
    expect(await store.get(name)).toBeNull();
    await store.put(name, png, "image/png");
    expect(await store.has(name)).toBe(true);
    expect(await store.get(name)).toEqual(png);
    expect(new Uint8Array(await readFile(path.join(dir, name)))).toEqual(png);
    await store.delete(name);
    expect(await store.has(name)).toBe(false);
    expect(await store.get(name)).toBeNull();
  });

  it("deleting a missing file is not an error", async () => {
    await expect(store.delete(name)).resolves.toBeUndefined();
  });

  it("putting an existing name keeps the file and renews its write time", async () => {
    await store.put(name, png, "image/png");
    const old = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dir, name), old, old);
    const before = await stat(path.join(dir, name));
    await store.put(name, new Uint8Array([1, 2, 3]), "image/png");
    const after = await stat(path.join(dir, name));
    expect(await store.get(name)).toEqual(png);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBeGreaterThan(before.mtimeMs + 3_000_000);
  });

  it("writes through a temporary file and leaves none behind", async () => {
    await store.put(name, png, "image/png");
    expect(await readdir(dir)).toEqual([name]);
  });

  it("concurrent puts of the same content end with one complete file", async () => {
    await Promise.all(Array.from({ length: 10 }, () => store.put(name, png, "image/png")));
    expect(await readdir(dir)).toEqual([name]);
    expect(await store.get(name)).toEqual(png);
  });

  it("a write that fails leaves nothing under the final name and no temporary file", async () => {
    // A directory squatting the final name makes the rename fail after the data was written.
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, "x"), "x");
    await expect(store.put(name, png, "image/png")).rejects.toThrow();
    expect(await store.has(name)).toBe(false);
    expect((await readdir(dir)).filter((f) => f.startsWith(".tmp-"))).toEqual([]);
  });

  it("a temporary file left by a crash is never read or listed as media", async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `.tmp-deadbeef-${name}`), png.subarray(0, 10));
    expect(await store.has(name)).toBe(false);
    expect(await collect(store.list())).toEqual([]);
  });

  it("lists stored names only", async () => {
    expect(await collect(store.list())).toEqual([]); // directory not created yet
    const other = new Uint8Array([9, 9, 9]);
    const otherName = mediaName(sha256Hex(other), "mp3");
    await store.put(name, png, "image/png");
    await store.put(otherName, other, "audio/mpeg");
    await writeFile(path.join(dir, "README.txt"), "not media");
    expect(await collect(store.list())).toEqual([name, otherName].sort());
  });

  it.each(["../escape.png", "abc.png", `${"a".repeat(64)}`, `sub/${name}`, `${name}/..`])(
    "rejects the name %j",
    async (bad) => {
      await expect(store.put(bad, png, "image/png")).rejects.toThrow(/invalid file name/);
      await expect(store.get(bad)).rejects.toThrow(/invalid file name/);
      await expect(store.has(bad)).rejects.toThrow(/invalid file name/);
      await expect(store.delete(bad)).rejects.toThrow(/invalid file name/);
    },
  );
});

describe("sha256Hex", () => {
  it("is the lowercase hex SHA-256 of the bytes", () => {
    expect(sha256Hex(new TextEncoder().encode("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256Hex(new Uint8Array(0))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });
});
