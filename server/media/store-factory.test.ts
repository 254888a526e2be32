import path from "node:path";
import { describe, expect, it } from "vitest";
import { DiskMediaStore } from "./disk-store";
import { S3MediaStore } from "./s3-store";
import { createMediaStore, mediaDir } from "./store-factory";

describe("createMediaStore", () => {
  it("uses ./data/media by default", () => {
    const store = createMediaStore({});
    expect(store).toBeInstanceOf(DiskMediaStore);
    expect((store as DiskMediaStore).dir).toBe(path.resolve("data/media"));
  });

  it("uses $DATA_DIR/media, and MEDIA_DIR over it", () => {
    expect(mediaDir({ DATA_DIR: "/srv/exam" })).toBe("/srv/exam/media");
    expect(mediaDir({ DATA_DIR: "/srv/exam", MEDIA_DIR: "/mnt/media" })).toBe("/mnt/media");
    expect((createMediaStore({ MEDIA_DIR: "/mnt/media" }) as DiskMediaStore).dir).toBe("/mnt/media");
    expect(mediaDir({ MEDIA_DIR: "" })).toBe(path.resolve("data/media"));
  });

  it("uses S3 when S3_BUCKET is set", () => {
    const store = createMediaStore({
      S3_BUCKET: "exam-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "media",
      MEDIA_DIR: "/ignored",
    });
    expect(store).toBeInstanceOf(S3MediaStore);
    expect((store as S3MediaStore).bucket).toBe("exam-media");
    expect((store as S3MediaStore).prefix).toBe("media/");
    (store as S3MediaStore).destroy();
  });

  it("accepts S3 without explicit credentials (the SDK's default chain)", () => {
    const store = createMediaStore({ S3_BUCKET: "b" }) as S3MediaStore;
    expect(store).toBeInstanceOf(S3MediaStore);
    expect(store.prefix).toBe("");
    store.destroy();
  });

  it.each([
    [{ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "maybe" }, /S3_FORCE_PATH_STYLE is "maybe"; use true or false/],
    [{ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" }, /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "s" }, /set both/],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "not a url" }, /S3_ENDPOINT is "not a url"/],
    [{ S3_BUCKET: "b", S3_ENDPOINT: "ftp://host" }, /http or https/],
  ])("refuses a bad configuration %j", (env, message) => {
    expect(() => createMediaStore(env)).toThrow(message);
  });
});
