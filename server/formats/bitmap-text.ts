// Text drawn as pixels without a font rasteriser: a 5×7 bitmap font of printable ASCII (the
// classic one of character LCDs), drawn at twice its size, black on white in a grey frame. It
// is what a Moodle ddimageortext text drag item becomes (a box with its words), since a draggable
// here is part of the question's image. Letters with accents are drawn without them; a text with
// any other character outside ASCII cannot be drawn. Pure.
import type { RgbaImage } from "./raster";

// Five columns per glyph, bit 0 the top row; from space (0x20) to tilde (0x7e).
const GLYPHS = [
  "0000000000",
  "00005f0000",
  "0007000700",
  "147f147f14",
  "242a7f2a12",
  "2313086462",
  "3649552250",
  "0005030000",
  "001c224100",
  "0041221c00",
  "082a1c2a08",
  "08083e0808",
  "0050300000",
  "0808080808",
  "0060600000",
  "2010080402",
  "3e5149453e",
  "00427f4000",
  "4261514946",
  "2141454b31",
  "1814127f10",
  "2745454539",
  "3c4a494930",
  "0171090503",
  "3649494936",
  "064949291e",
  "0036360000",
  "0056360000",
  "0814224100",
  "1414141414",
  "0041221408",
  "0201510906",
  "324979413e",
  "7e1111117e",
  "7f49494936",
  "3e41414122",
  "7f4141221c",
  "7f49494941",
  "7f09090101",
  "3e41415132",
  "7f0808087f",
  "00417f4100",
  "2040413f01",
  "7f08142241",
  "7f40404040",
  "7f0204027f",
  "7f0408107f",
  "3e4141413e",
  "7f09090906",
  "3e4151215e",
  "7f09192946",
  "4649494931",
  "01017f0101",
  "3f4040403f",
  "1f2040201f",
  "7f2018207f",
  "6314081463",
  "0304780403",
  "6151494543",
  "007f414100",
  "0204081020",
  "0041417f00",
  "0402010204",
  "4040404040",
  "0001020400",
  "2054545478",
  "7f48444438",
  "3844444420",
  "384444487f",
  "3854545418",
  "087e090102",
  "081454543c",
  "7f08040478",
  "00447d4000",
  "2040443d00",
  "007f102844",
  "00417f4000",
  "7c04180478",
  "7c08040478",
  "3844444438",
  "7c14141408",
  "081414187c",
  "7c08040408",
  "4854545420",
  "043f444020",
  "3c4040207c",
  "1c2040201c",
  "3c4030403c",
  "4428102844",
  "0c5050503c",
  "4464544c44",
  "0008364100",
  "00007f0000",
  "0041360800",
  "0201020402",
];

const SCALE = 2;
const ADVANCE = 6 * SCALE;
const LINE = 9 * SCALE;
const PADDING = 6;
const INK = [33, 37, 41, 255] as const;
const FRAME = [108, 117, 125, 255] as const;
const PAPER = [255, 255, 255, 255] as const;

/** The text with accents removed, or null when a character outside printable ASCII remains. */
export function drawableText(text: string): string | null {
  const plain = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return /^[\x20-\x7e\n]*$/.test(plain) ? plain : null;
}

/** The lines of text (already drawable) in a framed box, as RGBA. */
export function textBox(lines: readonly string[]): RgbaImage {
  const columns = Math.max(1, ...lines.map((l) => l.length));
  const width = columns * ADVANCE - SCALE + 2 * PADDING;
  const height = Math.max(1, lines.length) * LINE - 2 * SCALE + 2 * PADDING;
  const data = new Uint8Array(width * height * 4);
  const paint = (x: number, y: number, rgba: readonly number[]) => data.set(rgba, (y * width + x) * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      paint(x, y, x === 0 || y === 0 || x === width - 1 || y === height - 1 ? FRAME : PAPER);
  lines.forEach((line, row) => {
    // Each line centred in the box.
    const left = PADDING + Math.floor(((columns - line.length) * ADVANCE) / 2);
    [...line].forEach((ch, i) => {
      const glyph = GLYPHS[ch.charCodeAt(0) - 0x20] ?? GLYPHS[0x3f - 0x20]!;
      for (let col = 0; col < 5; col++) {
        const bits = parseInt(glyph.slice(col * 2, col * 2 + 2), 16);
        for (let bit = 0; bit < 7; bit++) {
          if (!(bits & (1 << bit))) continue;
          for (let dy = 0; dy < SCALE; dy++)
            for (let dx = 0; dx < SCALE; dx++)
              paint(left + i * ADVANCE + col * SCALE + dx, PADDING + row * LINE + bit * SCALE + dy, INK);
        }
      }
    });
  });
  return { width, height, data };
}
