// The media the fuzz test's world owns, and the files its generated resources start from. Files
// are made in code (tests/support/media-fixtures.ts) and content-addressed, so their stored paths
// are known before anything is uploaded.
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
  mediaPath,
  toBase64,
} from "../media-fixtures";

/** The image every image question of the world is drawn on (areas must fit 400 × 300). */
export const IMAGE_W = 400;
export const IMAGE_H = 300;
export const worldPng = makePng(IMAGE_W, IMAGE_H);
export const worldMp3 = makeMp3();
/** User B's own image: a /media/ path user A does not own. */
export const otherUsersPng = makePng(64, 48, [0, 0, 255]);

export const MEDIA = {
  png: mediaPath(worldPng, "png"),
  mp3: mediaPath(worldMp3, "mp3"),
  otherUsers: mediaPath(otherUsersPng, "png"),
  /** Well-formed, but nobody uploaded it. */
  unknown: `/media/${"ab".repeat(32)}.png`,
};

/** One valid file of every accepted type, to send whole or broken. */
export const VALID_FILES: Readonly<Record<string, Uint8Array>> = {
  png: makePng(40, 30),
  gif: makeGif(8, 8),
  jpeg: makeJpeg(16, 16),
  webp: makeWebp(16, 16),
  avif: makeAvif(16, 16),
  svg: makeSvg(40, 30),
  wav: makeWav(20),
  mp3: makeMp3({ frames: 2 }),
  aac: makeAac(2),
  m4a: makeM4a(2),
  mp4: makeMp4(16, 16),
  ogg: makeOgg(2),
  webm: makeWebm(2),
};

const text = (s: string) => new TextEncoder().encode(s);

/** Files that are refused, or that stretch a parser: made by hand, not from a valid file. */
export const ODD_FILES: Readonly<Record<string, Uint8Array>> = {
  pdf: text("%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF"),
  html: text("<!doctype html><html><body><script>alert(1)</script></body></html>"),
  pngSignatureOnly: VALID_FILES.png!.slice(0, 8),
  pngHugeSize: withBytes(VALID_FILES.png!, 16, [0x7f, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff]),
  pngZeroSize: withBytes(VALID_FILES.png!, 16, [0, 0, 0, 0, 0, 0, 0, 0]),
  // Past int4 (the media table's width and height columns).
  pngPastInt4: withBytes(VALID_FILES.png!, 16, [0x80, 0, 0, 0, 0x80, 0, 0, 0]),
  pngMaxSize: withBytes(VALID_FILES.png!, 16, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  gifMaxSize: withBytes(VALID_FILES.gif!, 6, [0xff, 0xff, 0xff, 0xff]),
  gifHeaderOnly: text("GIF89a"),
  jpegMarkersOnly: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0xff, 0xd9]),
  riffWebpTruncated: text("RIFF\x10\x00\x00\x00WEBPVP8 "),
  ftypOnly: Uint8Array.from([0, 0, 0, 0x10, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66, 0, 0, 0, 0]),
  ftypHugeBox: Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]),
  id3Only: text("ID3\x04\x00\x00\x7f\x7f\x7f\x7f"),
  oggTruncated: text("OggS\x00\x02"),
  ebmlTruncated: Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]),
  svgScript: makeSvg(
    40,
    30,
    '<script>alert(1)</script><a href="javascript:x"><rect onclick="y()"/></a><foreignObject><p>x</p></foreignObject><image href="https://example.com/x.png"/>',
  ),
  svgNoSize: text('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
  svgOddSize: text('<svg xmlns="http://www.w3.org/2000/svg" width="1e400" height="-5" viewBox="0 0 NaN 1"></svg>'),
  svgDeep: text('<svg xmlns="http://www.w3.org/2000/svg">' + "<g>".repeat(20_000) + "</g>".repeat(20_000) + "</svg>"),
  svgEntities: text(
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">' +
      '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&f;&x;</text></svg>',
  ),
  svgNotXml: text("<svg <<<< & </svg"),
  svgInComment: text("<!-- <svg> --><html></html>"),
  svgBomUtf16: Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00, 0x76, 0x00, 0x67, 0x00, 0x3e, 0x00]),
  nulBytes: new Uint8Array(64),
};

function withBytes(data: Uint8Array, at: number, values: number[]): Uint8Array {
  const copy = data.slice();
  copy.set(values, at);
  return copy;
}

export const base64 = toBase64;
