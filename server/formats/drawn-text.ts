// Text drawn as pixels in a real font (contract 13.3 point 3: generated images draw their texts so
// that people can read them): the texts of the Drag & Drop images an import generates, Moodle's
// ddimageortext text items and the stems and choices of matching questions (matching-image.ts).
// The font is DejaVu Sans (drawn-font.ts) at 16 px, which covers Latin, Greek and Cyrillic with
// their accents; its glyph outlines are filled here with anti-aliasing (nonzero winding, exact
// coverage across a row, four samples down it). A text with a character that the font has no
// glyph for cannot be drawn (drawableText). docs/decisions.md says why pixels and not SVG.
import type { Font, PathCommand } from "opentype.js";
import { drawFont } from "./drawn-font";
import type { RgbaImage } from "./raster";

/** The size of the text, in pixels per em: as large as the app's own body text. */
export const FONT_SIZE = 16;
const LINE_HEIGHT = 22;
const PADDING = 8;
const INK = [33, 37, 41] as const;
const FRAME = [108, 117, 125, 255] as const;
const PAPER = [255, 255, 255, 255] as const;
/** Rows sampled per pixel row. */
const SAMPLES = 4;
/** Straight segments a curve is drawn with. */
const CURVE_STEPS = 8;

type Rgba = readonly [number, number, number, number];

interface CachedGlyph {
  /** Advance in pixels. */
  advance: number;
  /** The outline's edges with the pen at (0, 0) on the baseline. */
  edges: Edge[];
  /** Whether the font has a glyph for the character. */
  known: boolean;
}

// Each character's glyph is read from the font and cut into edges once: opentype.js reads a
// glyph anew on each lookup (lowMemory), and a layout measures the same words many times.
const glyphCache = new WeakMap<Font, Map<string, CachedGlyph>>();

function glyphOf(font: Font, ch: string): CachedGlyph {
  let cache = glyphCache.get(font);
  if (cache === undefined) glyphCache.set(font, (cache = new Map()));
  let glyph = cache.get(ch);
  if (glyph === undefined) {
    const g = font.charToGlyph(ch);
    glyph = {
      advance: ((g.advanceWidth ?? 0) * FONT_SIZE) / font.unitsPerEm,
      edges: edgesOf(g.getPath(0, 0, FONT_SIZE).commands),
      known: font.charToGlyphIndex(ch) !== 0,
    };
    cache.set(ch, glyph);
  }
  return glyph;
}

/** The text with its white space made single spaces, or null when the font lacks a glyph for one of its characters. */
export function drawableText(text: string, font: Font = drawFont()): string | null {
  const plain = text.normalize("NFC").replace(/\s+/g, " ");
  for (const ch of plain) if (ch !== " " && !glyphOf(font, ch).known) return null;
  return plain;
}

/** The width of a line of text in pixels. */
export function textWidth(text: string, font: Font = drawFont()): number {
  let width = 0;
  for (const ch of text) width += glyphOf(font, ch).advance;
  return width;
}

/** The text broken into lines at spaces, each at most `maxWidth` pixels wide (a longer word is broken where it must be). */
export function wrapText(text: string, maxWidth: number, font: Font = drawFont()): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter((w) => w !== "")) {
    const tried = line === "" ? word : `${line} ${word}`;
    if (textWidth(tried, font) <= maxWidth) {
      line = tried;
      continue;
    }
    if (line !== "") lines.push(line);
    // The word starts a line; a word wider than the line: cut it into pieces that fit.
    let piece = "";
    for (const ch of word) {
      if (piece !== "" && textWidth(piece + ch, font) > maxWidth) {
        lines.push(piece);
        piece = "";
      }
      piece += ch;
    }
    line = piece;
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}

export interface BoxOptions {
  /** Lines are wrapped to this width of text (pixels); none: each line as it is. */
  maxWidth?: number;
  /** The box is at least this large. */
  minWidth?: number;
  minHeight?: number;
  align?: "center" | "left";
  /** The box's own colour (default white). */
  paper?: Rgba;
}

/** The size of the box textBox draws for these lines. */
export function boxSize(lines: readonly string[], options: BoxOptions = {}, font: Font = drawFont()) {
  const wrapped = wrapAll(lines, options, font);
  const width = Math.max(
    options.minWidth ?? 0,
    Math.ceil(Math.max(1, ...wrapped.map((l) => textWidth(l, font)))) + 2 * PADDING,
  );
  const height = Math.max(options.minHeight ?? 0, wrapped.length * LINE_HEIGHT + 2 * PADDING);
  return { width, height, lines: wrapped };
}

function wrapAll(lines: readonly string[], options: BoxOptions, font: Font): string[] {
  const max = options.maxWidth;
  return max === undefined ? [...lines] : lines.flatMap((l) => wrapText(l, max, font));
}

/** The lines of text (each drawable) in a framed box, as RGBA: dark grey on white, centred unless said. */
export function textBox(lines: readonly string[], options: BoxOptions = {}, font: Font = drawFont()): RgbaImage {
  const size = boxSize(lines, options, font);
  const { width, height } = size;
  const image: RgbaImage = { width, height, data: new Uint8Array(width * height * 4) };
  const paper = options.paper ?? PAPER;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      image.data.set(x === 0 || y === 0 || x === width - 1 || y === height - 1 ? FRAME : paper, (y * width + x) * 4);
  const top = Math.round((height - size.lines.length * LINE_HEIGHT) / 2);
  size.lines.forEach((line, row) => {
    const left = options.align === "left" ? PADDING : Math.round((width - textWidth(line, font)) / 2);
    drawLine(image, line, left, top + row * LINE_HEIGHT, font);
  });
  return image;
}

/** One line of text with the top of its line box at (left, top). */
function drawLine(image: RgbaImage, text: string, left: number, top: number, font: Font): void {
  const scale = FONT_SIZE / font.unitsPerEm;
  // The baseline, with the line box's leading split above and below the font's height.
  const fontHeight = (font.ascender - font.descender) * scale;
  const baseline = top + (LINE_HEIGHT - fontHeight) / 2 + font.ascender * scale;
  let x = left;
  for (const ch of text) {
    const glyph = glyphOf(font, ch);
    fillEdges(image, glyph.edges, x, baseline, INK);
    x += glyph.advance;
  }
}

interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The outline as straight edges (curves cut into CURVE_STEPS segments). */
function edgesOf(commands: readonly PathCommand[]): Edge[] {
  const edges: Edge[] = [];
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const line = (x: number, y: number) => {
    if (y !== cy) edges.push({ x0: cx, y0: cy, x1: x, y1: y });
    cx = x;
    cy = y;
  };
  for (const c of commands) {
    switch (c.type) {
      case "M":
        if (cx !== sx || cy !== sy) line(sx, sy);
        sx = cx = c.x;
        sy = cy = c.y;
        break;
      case "L":
        line(c.x, c.y);
        break;
      case "Q": {
        const [x0, y0] = [cx, cy];
        for (let i = 1; i <= CURVE_STEPS; i++) {
          const t = i / CURVE_STEPS;
          const u = 1 - t;
          line(u * u * x0 + 2 * u * t * c.x1 + t * t * c.x, u * u * y0 + 2 * u * t * c.y1 + t * t * c.y);
        }
        break;
      }
      case "C": {
        const [x0, y0] = [cx, cy];
        for (let i = 1; i <= CURVE_STEPS; i++) {
          const t = i / CURVE_STEPS;
          const u = 1 - t;
          const a = u * u * u;
          const b = 3 * u * u * t;
          const d = 3 * u * t * t;
          const e = t * t * t;
          line(a * x0 + b * c.x1 + d * c.x2 + e * c.x, a * y0 + b * c.y1 + d * c.y2 + e * c.y);
        }
        break;
      }
      case "Z":
        line(sx, sy);
        break;
    }
  }
  if (cx !== sx || cy !== sy) line(sx, sy);
  return edges;
}

/** Fills the outline (nonzero winding) moved by (dx, dy) in `rgb`, blended by each pixel's coverage. */
function fillEdges(image: RgbaImage, edges: readonly Edge[], dx: number, dy: number, rgb: readonly number[]): void {
  if (edges.length === 0) return;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const e of edges) {
    minX = Math.min(minX, e.x0, e.x1);
    maxX = Math.max(maxX, e.x0, e.x1);
    minY = Math.min(minY, e.y0, e.y1);
    maxY = Math.max(maxY, e.y0, e.y1);
  }
  const top = Math.max(0, Math.floor(minY + dy));
  const bottom = Math.min(image.height, Math.ceil(maxY + dy));
  const left = Math.max(0, Math.floor(minX + dx));
  const right = Math.min(image.width, Math.ceil(maxX + dx) + 1);
  const span = right - left;
  if (span <= 0 || bottom <= top) return;
  const coverage = new Float32Array(span);
  // The crossings of one sampled row: x and winding direction, sorted by x as they come.
  const xs = new Float64Array(edges.length);
  const dirs = new Int8Array(edges.length);
  const add = (from: number, to: number, weight: number) => {
    const a = Math.max(0, from - left);
    const b = Math.min(span, to - left);
    if (b <= a) return;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    if (ia === ib) {
      coverage[ia]! += (b - a) * weight;
      return;
    }
    coverage[ia]! += (ia + 1 - a) * weight;
    for (let i = ia + 1; i < ib; i++) coverage[i]! += weight;
    if (ib < span) coverage[ib]! += (b - ib) * weight;
  };
  for (let py = top; py < bottom; py++) {
    coverage.fill(0);
    for (let k = 0; k < SAMPLES; k++) {
      const y = py + (k + 0.5) / SAMPLES - dy;
      let n = 0;
      for (const e of edges) {
        const down = e.y1 > e.y0;
        if (down ? y < e.y0 || y >= e.y1 : y < e.y1 || y >= e.y0) continue;
        const x = e.x0 + dx + ((y - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0);
        // Insertion into the sorted crossings (a glyph row crosses a handful of edges).
        let at = n++;
        while (at > 0 && xs[at - 1]! > x) {
          xs[at] = xs[at - 1]!;
          dirs[at] = dirs[at - 1]!;
          at--;
        }
        xs[at] = x;
        dirs[at] = down ? 1 : -1;
      }
      let winding = 0;
      let start = 0;
      for (let c = 0; c < n; c++) {
        const was = winding;
        winding += dirs[c]!;
        if (was === 0 && winding !== 0) start = xs[c]!;
        else if (was !== 0 && winding === 0) add(start, xs[c]!, 1 / SAMPLES);
      }
    }
    for (let i = 0; i < span; i++) {
      const alpha = Math.min(1, coverage[i]!);
      if (alpha <= 0) continue;
      const o = (py * image.width + left + i) * 4;
      for (let ch = 0; ch < 3; ch++)
        image.data[o + ch] = Math.round(rgb[ch]! * alpha + image.data[o + ch]! * (1 - alpha));
    }
  }
}
