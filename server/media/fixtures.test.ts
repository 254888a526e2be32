// The generated fixtures other tests rely on are what they claim to be.
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import * as fixtures from "@/tests/support/media-fixtures";
import { decodeBase64 } from "./base64";
import { detectMedia, imageDimensions } from "./detect";

describe("image fixtures are detected with the right type and size", () => {
  it.each([
    ["makePng", "png", (w: number, h: number) => fixtures.makePng(w, h)],
    ["makePng with a colour", "png", (w: number, h: number) => fixtures.makePng(w, h, [0, 128, 255])],
    ["makeGif", "gif", fixtures.makeGif],
    ["makeJpeg", "jpg", (w: number, h: number) => fixtures.makeJpeg(w, h)],
    ["makeWebp", "webp", fixtures.makeWebp],
    ["makeAvif", "avif", fixtures.makeAvif],
    ["makeSvg", "svg", (w: number, h: number) => fixtures.makeSvg(w, h)],
  ] as const)("%s", (_name, ext, make) => {
    for (const [w, h] of [
      [1, 1],
      [17, 9],
      [640, 480],
    ] as const) {
      const bytes = make(w, h);
      const detected = detectMedia(bytes);
      expect(detected?.ext).toBe(ext);
      expect(detected?.kind).toBe("image");
      expect(imageDimensions(bytes, detected!)).toEqual({ width: w, height: h });
    }
  });
});

describe("audio and video fixtures are detected with the right type", () => {
  it.each([
    ["makeWav", "wav", "audio", () => fixtures.makeWav(50)],
    ["makeMp3", "mp3", "audio", () => fixtures.makeMp3()],
    ["makeMp3 with ID3", "mp3", "audio", () => fixtures.makeMp3({ id3: true, frames: 3 })],
    ["makeAac", "aac", "audio", () => fixtures.makeAac()],
    ["makeM4a", "m4a", "audio", () => fixtures.makeM4a()],
    ["makeOgg", "ogg", "audio", () => fixtures.makeOgg()],
    ["makeMp4", "mp4", "video", () => fixtures.makeMp4()],
    ["makeWebm", "webm", "video", () => fixtures.makeWebm()],
  ] as const)("%s", (_name, ext, kind, make) => {
    const detected = detectMedia(make());
    expect(detected?.ext).toBe(ext);
    expect(detected?.kind).toBe(kind);
  });
});

describe("fixture details", () => {
  // zlib.crc32 exists from Node 20.15 on.
  it.skipIf(typeof (zlib as { crc32?: unknown }).crc32 !== "function")(
    "makePng writes valid chunk CRCs (zlib's crc32 agrees)",
    () => {
      const crc32 = (zlib as unknown as { crc32: (data: Uint8Array) => number }).crc32;
      const png = fixtures.makePng(3, 3);
      let at = 8;
      while (at < png.length) {
        const length = new DataView(png.buffer).getUint32(at);
        const stored = new DataView(png.buffer).getUint32(at + 8 + length);
        expect(crc32(png.subarray(at + 4, at + 8 + length))).toBe(stored);
        at += 12 + length;
      }
      expect(at).toBe(png.length);
    },
  );

  it("makeWav lasts the requested time", () => {
    const wav = fixtures.makeWav(250);
    const dataSize = new DataView(wav.buffer).getUint32(40, true);
    expect(dataSize).toBe(8000 * 0.25 * 2);
  });

  it("makeSvg inserts extra content inside the root", () => {
    const text = new TextDecoder().decode(fixtures.makeSvg(4, 4, '<circle r="1"/>'));
    expect(text).toMatch(/<circle r="1"\/><\/svg>\s*$/);
  });

  it("makeMp4 requires even dimensions (4:2:0 cropping)", () => {
    expect(() => fixtures.makeMp4(31, 16)).toThrow(/even/);
    expect(detectMedia(fixtures.makeMp4(48, 34))?.ext).toBe("mp4");
  });

  it("toBase64 is standard Base64 that decodeBase64 reverses", () => {
    const bytes = fixtures.makeGif(5, 5);
    const encoded = fixtures.toBase64(bytes);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeBase64(encoded)).toEqual(bytes);
    expect(fixtures.toBase64(bytes.subarray(6, 10))).toBe(Buffer.from(bytes.subarray(6, 10)).toString("base64"));
  });
});
