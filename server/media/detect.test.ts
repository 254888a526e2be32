import { describe, expect, it } from "vitest";
import {
  makeAac,
  makeAvif,
  makeGif,
  makeJpeg,
  makeM4a,
  makeMp3,
  makeMp4,
  makeOgg,
  makePng,
  makeSvg,
  makeWav,
  makeWebm,
  makeWebp,
} from "@/tests/support/media-fixtures";
import {
  detectMedia,
  extensionMatches,
  imageDimensions,
  mediaTypeForExt,
  pathExtension,
  type DetectedMedia,
} from "./detect";

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const patchAscii = (bytes: Uint8Array, at: number, text: string) => {
  const copy = bytes.slice();
  copy.set(latin1(text), at);
  return copy;
};

describe("detectMedia: every accepted type, from generated files", () => {
  const cases: [string, () => Uint8Array, DetectedMedia][] = [
    ["PNG", () => makePng(3, 2), { kind: "image", ext: "png", contentType: "image/png" }],
    ["JPEG", () => makeJpeg(9, 9), { kind: "image", ext: "jpg", contentType: "image/jpeg" }],
    ["GIF", () => makeGif(4, 4), { kind: "image", ext: "gif", contentType: "image/gif" }],
    ["WebP", () => makeWebp(5, 5), { kind: "image", ext: "webp", contentType: "image/webp" }],
    ["AVIF", () => makeAvif(6, 6), { kind: "image", ext: "avif", contentType: "image/avif" }],
    ["SVG", () => makeSvg(7, 7), { kind: "image", ext: "svg", contentType: "image/svg+xml" }],
    ["MP3 (frame sync)", () => makeMp3(), { kind: "audio", ext: "mp3", contentType: "audio/mpeg" }],
    ["MP3 (ID3 tag)", () => makeMp3({ id3: true }), { kind: "audio", ext: "mp3", contentType: "audio/mpeg" }],
    ["OGG (Opus)", () => makeOgg(), { kind: "audio", ext: "ogg", contentType: "audio/ogg" }],
    ["WAV", () => makeWav(20), { kind: "audio", ext: "wav", contentType: "audio/wav" }],
    ["M4A", () => makeM4a(), { kind: "audio", ext: "m4a", contentType: "audio/mp4" }],
    ["AAC (ADTS)", () => makeAac(), { kind: "audio", ext: "aac", contentType: "audio/aac" }],
    ["MP4", () => makeMp4(), { kind: "video", ext: "mp4", contentType: "video/mp4" }],
    ["WebM", () => makeWebm(), { kind: "video", ext: "webm", contentType: "video/webm" }],
  ];
  it.each(cases)("%s", (_label, make, expected) => {
    expect(detectMedia(make())).toEqual(expected);
  });

  it("a single whole MP3 frame, and one frame followed by an ID3v1 tag", () => {
    expect(detectMedia(makeMp3({ frames: 1 }))?.ext).toBe("mp3");
    expect(detectMedia(concat(makeMp3({ frames: 1 }), latin1("TAG" + " ".repeat(125))))?.ext).toBe("mp3");
  });

  it("AAC behind an ID3 tag is AAC", () => {
    const tag = concat(latin1("ID3"), Uint8Array.of(3, 0, 0, 0, 0, 0, 0));
    expect(detectMedia(concat(tag, makeAac()))?.ext).toBe("aac");
  });

  it("an MP4 with a generic brand but only a sound track is M4A", () => {
    const m4a = patchAscii(makeM4a(), 8, "mp42");
    expect(detectMedia(m4a)).toEqual({ kind: "audio", ext: "m4a", contentType: "audio/mp4" });
  });

  it("an M4A-branded file with a video track is MP4", () => {
    expect(detectMedia(patchAscii(makeMp4(), 8, "M4A "))?.ext).toBe("mp4");
  });

  it("Ogg Theora is video", () => {
    const ogg = makeOgg();
    // Replace the first packet's "OpusHead" with a Theora identification header's start.
    const theora = ogg.slice();
    theora.set(latin1("\x80theora"), 28);
    expect(detectMedia(theora)).toEqual({ kind: "video", ext: "ogv", contentType: "video/ogg" });
  });

  describe("SVG variants", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    it.each([
      ["plain", svg],
      ["UTF-8 BOM", "\ufeff" + svg],
      ["XML declaration", '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + svg],
      ["leading whitespace and comments", "\n  <!-- made by hand -->\n<!-- twice -->" + svg],
      [
        "public DOCTYPE",
        '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
          svg,
      ],
      [
        "DOCTYPE entities (Illustrator)",
        '<!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY w "10">]><svg xmlns="&ns_svg;" width="&w;" height="10"/>',
      ],
      ["no xmlns", '<svg width="10" height="10"><rect width="1" height="1"/></svg>'],
      ["prefixed root", '<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:rect width="1" height="1"/></s:svg>'],
      ["stylesheet processing instruction", '<?xml-stylesheet href="a.css"?>' + svg],
    ])("%s", (_label, text) => {
      expect(detectMedia(utf8(text))?.ext).toBe("svg");
    });
  });
});

describe("detectMedia: rejected", () => {
  const pdf = latin1(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
  const zip = concat(
    latin1("PK\x03\x04\x14\x00\x00\x00\x00\x00"),
    new Uint8Array(20),
    latin1("PK\x05\x06"),
    new Uint8Array(18),
  );
  const exe = concat(
    latin1("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"),
    new Uint8Array(46),
    latin1("PE\x00\x00"),
  );
  const cases: [string, Uint8Array][] = [
    ["empty", new Uint8Array(0)],
    ["plain text", utf8("hello, world\n")],
    ["whitespace", utf8("   \n")],
    ["HTML", utf8("<!DOCTYPE html><html><body><svg/></body></html>")],
    ["XML with another root", utf8('<?xml version="1.0"?><note><svg/></note>')],
    ["text containing <svg later", utf8("see <svg/>")],
    ["malformed SVG", utf8("<svg><rect></svg>")],
    ["SVG followed by junk", utf8("<svg/>junk")],
    ["SVG with an undeclared entity", utf8("<svg>&nbsp;</svg>")],
    ["SVG in UTF-16", new Uint8Array(Buffer.from("\ufeff<svg/>", "utf16le"))],
    ["SVG that is not UTF-8", latin1("<svg><text>caf\xe9</text></svg>")],
    ["an entity bomb", utf8(`<!DOCTYPE svg [<!ENTITY a "${"x".repeat(1000)}">]><svg>${"&a;".repeat(5000)}</svg>`)],
    ["PDF", pdf],
    ["ZIP", zip],
    ["EXE", exe],
    ["BMP", concat(latin1("BM"), new Uint8Array(60))],
    ["TIFF", concat(latin1("II*\x00"), new Uint8Array(60))],
    ["HEIC", concat(Uint8Array.of(0, 0, 0, 24), latin1("ftypheic\x00\x00\x00\x00mif1heic"), new Uint8Array(16))],
    ["QuickTime", concat(Uint8Array.of(0, 0, 0, 20), latin1("ftypqt  \x00\x00\x02\x00qt  "), new Uint8Array(16))],
    ["Matroska (not WebM)", patchAscii(makeWebm(), makeWebm().indexOf(0x82) + 2, "matr")],
    ["AVI", patchAscii(makeWav(), 8, "AVI ")],
    ["Ogg with an unknown codec", patchAscii(makeOgg(), 28, "Unknown!")],
    ["MPEG Layer II frames", Uint8Array.from(makeMp3(), (b, i) => (i % 96 === 1 ? 0xfd : b))],
    ["random bytes", Uint8Array.from({ length: 256 }, (_, i) => (i * 151 + 17) & 0xff)],
    ["zeros", new Uint8Array(64)],
  ];
  it.each(cases)("%s", (_label, bytes) => {
    expect(detectMedia(bytes)).toBeNull();
  });

  const truncated: [string, Uint8Array][] = [
    ["PNG signature only", makePng(2, 2).slice(0, 8)],
    ["PNG cut inside IHDR", makePng(2, 2).slice(0, 20)],
    ["JPEG SOI only", makeJpeg(8, 8).slice(0, 2)],
    ["GIF signature only", makeGif(2, 2).slice(0, 6)],
    ["WebP RIFF header only", makeWebp(2, 2).slice(0, 12)],
    ["WAV without its fmt chunk", makeWav(20).slice(0, 16)],
    ["MP3 cut inside the first frame", makeMp3().slice(0, 50)],
    ["AAC cut inside the first frame", makeAac().slice(0, 8)],
    ["Ogg page header only", makeOgg().slice(0, 20)],
    ["WebM EBML magic only", makeWebm().slice(0, 4)],
    ["WebM cut inside the EBML header", makeWebm().slice(0, 12)],
    ["MP4 cut inside ftyp", makeMp4().slice(0, 12)],
    ["SVG cut in the middle", makeSvg(10, 10).slice(0, 60)],
  ];
  it.each(truncated)("truncated: %s", (_label, bytes) => {
    expect(detectMedia(bytes)).toBeNull();
  });
});

describe("imageDimensions", () => {
  const dims = (bytes: Uint8Array) => {
    const detected = detectMedia(bytes);
    expect(detected).not.toBeNull();
    return imageDimensions(bytes, detected!);
  };

  it.each([
    ["PNG", () => makePng(123, 45)],
    ["JPEG", () => makeJpeg(123, 45)],
    ["GIF", () => makeGif(123, 45)],
    ["WebP", () => makeWebp(123, 45)],
    ["AVIF", () => makeAvif(123, 45)],
    ["SVG", () => makeSvg(123, 45)],
  ])("%s 123×45", (_label, make) => {
    expect(dims(make())).toEqual({ width: 123, height: 45 });
  });

  it("a JPEG whose EXIF orientation rotates it reports the displayed size", () => {
    expect(dims(makeJpeg(40, 20, { orientation: 6 }))).toEqual({ width: 20, height: 40 });
    expect(dims(makeJpeg(40, 20, { orientation: 3 }))).toEqual({ width: 40, height: 20 });
  });

  describe("SVG", () => {
    const svg = (attrs: string) => utf8(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}/>`);
    it.each([
      ["width and height", 'width="200" height="100"', { width: 200, height: 100 }],
      ["px units and decimals", 'width="200.4px" height="99.6px"', { width: 200, height: 100 }],
      ["absolute units", 'width="1in" height="72pt"', { width: 96, height: 96 }],
      ["viewBox only", 'viewBox="0 0 300 150"', { width: 300, height: 150 }],
      ["viewBox with commas", 'viewBox="0,0,30,15"', { width: 30, height: 15 }],
      ["width and viewBox", 'width="60" viewBox="0 0 300 150"', { width: 60, height: 30 }],
      ["height and viewBox", 'height="60" viewBox="0 0 300 150"', { width: 120, height: 60 }],
      ["percentages fall back to viewBox", 'width="100%" height="100%" viewBox="0 0 40 20"', { width: 40, height: 20 }],
    ])("%s", (_label, attrs, expected) => {
      expect(dims(svg(attrs))).toEqual(expected);
    });

    it.each([
      ["no size at all", ""],
      ["percentages without viewBox", 'width="100%" height="50%"'],
      ["a zero-sized viewBox", 'viewBox="0 0 0 10"'],
      ["a malformed viewBox", 'viewBox="0 0 ten 10"'],
    ])("null for %s", (_label, attrs) => {
      expect(dims(svg(attrs))).toBeNull();
    });
  });

  it("null for audio and video", () => {
    expect(dims(makeMp3())).toBeNull();
    expect(dims(makeMp4())).toBeNull();
  });

  it("null when the size cannot be read (JPEG without a frame header)", () => {
    const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9);
    expect(dims(jpeg)).toBeNull();
  });
});

describe("extensionMatches", () => {
  const png = detectMedia(makePng(1, 1))!;
  const jpg = detectMedia(makeJpeg(8, 8))!;
  const m4a = detectMedia(makeM4a())!;
  const ogg = detectMedia(makeOgg())!;

  it.each([
    ["a.png", png, true],
    ["A.PNG", png, true],
    ["a.jpg", jpg, true],
    ["a.jpeg", jpg, true],
    ["photo.JPEG", jpg, true],
    ["a.m4a", m4a, true],
    ["a.mp4", m4a, true],
    ["a.opus", ogg, true],
    ["a.oga", ogg, true],
    ["images/a.png?v=3#x", png, true],
    ["no-extension", png, true],
    ["folder.v2/no-extension", png, true],
    [".hidden", png, true],
    ["a.jpg", png, false],
    ["a.png", jpg, false],
    ["a.gif", png, false],
    ["a.bin", png, false],
    ["a.png.exe", png, false],
  ] as const)("%s with %j → %s", (path, detected, expected) => {
    expect(extensionMatches(path, detected)).toBe(expected);
  });

  it("pathExtension reads the last segment only", () => {
    expect(pathExtension("a.b/c")).toBe("");
    expect(pathExtension("a/b.c.PNG")).toBe("png");
    expect(pathExtension("a.png?x=y.gif")).toBe("png");
  });
});

describe("mediaTypeForExt", () => {
  it("gives the type of a stored extension", () => {
    expect(mediaTypeForExt("svg")).toEqual({ kind: "image", ext: "svg", contentType: "image/svg+xml" });
    expect(mediaTypeForExt("webm")?.contentType).toBe("video/webm");
    expect(mediaTypeForExt("exe")).toBeNull();
    expect(mediaTypeForExt("toString")).toBeNull();
  });
});
