// The S3 store against a real S3-compatible server: s3rver (an npm package) on 127.0.0.1.
// Skipped only when that server cannot start here.
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeMp3, makePng } from "@/tests/support/media-fixtures";
import { mediaName } from "./paths";
import { S3MediaStore } from "./s3-store";
import { sha256Hex } from "./store";
import { createMediaStore } from "./store-factory";

const BUCKET = "exam-media";
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }; // s3rver's fixed pair

let server: S3rver | null = null;
let endpoint = "";
let dir = "";
let startError: unknown = null;
const stores: S3MediaStore[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  try {
    const candidate = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = await candidate.run();
    server = candidate;
    endpoint = `http://127.0.0.1:${address.port}`;
  } catch (error) {
    startError = error;
  }
});

afterAll(async () => {
  for (const store of stores) store.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

function makeStore(prefix = ""): S3MediaStore {
  const store = new S3MediaStore({
    bucket: BUCKET,
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    prefix,
    ...CREDENTIALS,
  });
  stores.push(store);
  return store;
}

async function collect(iterable: AsyncIterable<{ name: string; modifiedAt: Date }>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of iterable) {
    if (!(item.modifiedAt instanceof Date) || Number.isNaN(item.modifiedAt.getTime()))
      throw new Error(`no write time for ${item.name}`);
    out.push(item.name);
  }
  return out.sort();
}

const png = makePng(5, 5);
const pngName = mediaName(sha256Hex(png), "png");
const mp3 = makeMp3();
const mp3Name = mediaName(sha256Hex(mp3), "mp3");

describe("S3MediaStore against s3rver", () => {
  beforeEach((ctx) => {
    if (!server) ctx.skip(`s3rver could not start: ${String(startError)}`);
  });

  it("puts, gets, has and deletes", async () => {
    const store = makeStore("t1/");
    expect(await store.has(pngName)).toBe(false);
    expect(await store.get(pngName)).toBeNull();
    await store.put(pngName, png, "image/png");
    expect(await store.has(pngName)).toBe(true);
    expect(await store.get(pngName)).toEqual(png);
    await store.delete(pngName);
    expect(await store.has(pngName)).toBe(false);
    expect(await store.get(pngName)).toBeNull();
    await expect(store.delete(pngName)).resolves.toBeUndefined();
  });

  it("stores the content type and cache headers under the prefixed key", async () => {
    const store = makeStore("t2/");
    await store.put(mp3Name, mp3, "audio/mpeg");
    const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `t2/${mp3Name}` }));
      expect(head.ContentType).toBe("audio/mpeg");
      expect(head.ContentLength).toBe(mp3.length);
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `t2/${mp3Name}` }));
      expect(await object.Body!.transformToByteArray()).toEqual(mp3);
    } finally {
      client.destroy();
    }
  });

  it("putting an existing name again keeps one object with the same content", async () => {
    const store = makeStore("t3/");
    await store.put(pngName, png, "image/png");
    await store.put(pngName, png, "image/png");
    expect(await store.get(pngName)).toEqual(png);
    expect(await collect(store.list())).toEqual([pngName]);
  });

  it("lists the names under its prefix only", async () => {
    const a = makeStore("t4/");
    const b = makeStore("t4-other/");
    await a.put(pngName, png, "image/png");
    await a.put(mp3Name, mp3, "audio/mpeg");
    await b.put(pngName, png, "image/png");
    expect(await collect(a.list())).toEqual([pngName, mp3Name].sort());
    expect(await collect(b.list())).toEqual([pngName]);
  });

  it("rejects invalid names before calling S3", async () => {
    const store = makeStore();
    await expect(store.put("../x.png", png, "image/png")).rejects.toThrow(/invalid file name/);
    await expect(store.get("x.png")).rejects.toThrow(/invalid file name/);
  });

  it("is what createMediaStore builds from S3_* variables", async () => {
    const store = createMediaStore({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "t5",
    }) as S3MediaStore;
    stores.push(store);
    await store.put(pngName, png, "image/png");
    expect(await store.get(pngName)).toEqual(png);
    expect(await collect(store.list())).toEqual([pngName]);
  });

  it("reports failures other than a missing key (an unknown bucket)", async () => {
    const store = new S3MediaStore({ bucket: "no-such-bucket", endpoint, forcePathStyle: true, ...CREDENTIALS });
    stores.push(store);
    await expect(store.put(pngName, png, "image/png")).rejects.toThrow(/bucket/i);
    await expect(store.get(pngName)).rejects.toThrow(/bucket/i);
  });
});
