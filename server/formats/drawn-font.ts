// The font that generated images draw their texts in (drawn-text.ts): DejaVu Sans, from the npm
// package dejavu-fonts-ttf (free licence: Bitstream Vera and public domain changes), read once
// from node_modules, where `npm install` puts it, and parsed by opentype.js. Node only.
// `parse` is a named export of opentype.js's ES module build, which Next, Vitest and the parse
// worker's bundle (scripts/build-worker.mjs) load. The production server (scripts/server.mjs)
// loads it through Node's own ESM loader, which is given the CommonJS build (the package has no
// `exports`), whose functions it finds only on the namespace's `default`: both are read here.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as opentype from "opentype.js";
import type { Font } from "opentype.js";

type Parse = typeof opentype.parse;
const parse: Parse = opentype.parse ?? (opentype as unknown as { default: { parse: Parse } }).default.parse;

const FONT_FILE = path.join("node_modules", "dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf");

let font: Font | undefined;

/** DejaVu Sans, parsed on first use. */
export function drawFont(): Font {
  if (font === undefined) {
    const bytes = readFileSync(path.join(process.cwd(), FONT_FILE));
    // lowMemory: glyphs are read when asked for, not all 6,000 at once (a quarter second, not one and a half).
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), { lowMemory: true });
  }
  return font;
}
