// The font that generated images draw their texts in (drawn-text.ts): DejaVu Sans, from the npm
// package dejavu-fonts-ttf (free licence: Bitstream Vera and public domain changes), read once
// from node_modules, where `npm install` puts it, and parsed by opentype.js. Node only.
// `parse` is a named export of opentype.js's ES module build, which Next, Vitest and the parse
// worker's bundle (scripts/build-worker.mjs) load; Node's own ESM loader, given its CommonJS
// build, would not find it, so nothing here runs unbundled as ESM.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, type Font } from "opentype.js";

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
