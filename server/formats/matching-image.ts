// Matching questions on import (contract 13.3 point 3: GIFT `->`, Moodle `match`, QTI match and
// associate interactions) become Drag & Drop (type 3) on an image generated here:
//
//   ┌──────────────┐ ┌╌╌╌╌╌╌╌╌╌╌┐        ┌──────────┐
//   │ stem 1       │ ╎ target 1 ╎  tray  │ choice A │   the stems in one column, each with its
//   └──────────────┘ └╌╌╌╌╌╌╌╌╌╌┘        └──────────┘   target (a slot the size of a tile) in
//   ┌──────────────┐ ┌╌╌╌╌╌╌╌╌╌╌┐        ┌──────────┐   the same row; each choice a draggable
//   │ stem 2       │ ╎ target 2 ╎        │ choice B │   tile in a tray beside them, as Moodle's
//   └──────────────┘ └╌╌╌╌╌╌╌╌╌╌┘        └──────────┘   ddimageortext draws its drag items.
//
// The target is the slot, not the stem's box: a placed tile sits centred on its target and would
// cover the stem's words (docs/decisions.md). Texts are drawn by drawn-text.ts; nothing overlaps.
// Pure apart from the font drawn-text.ts loads.
import { AREA_TYPE, type DragDropArea } from "../schemas/question";
import { decodeEntities } from "./shared";
import { boxSize, drawableText, textBox } from "./drawn-text";
import { encodePng, type RgbaImage } from "./raster";

/** Widest text of a stem, and of a choice, before it wraps (pixels). */
const STEM_TEXT_WIDTH = 320;
const CHOICE_TEXT_WIDTH = 220;
const GAP = 12;
/** Space around a tile inside its target. */
const SLOT_MARGIN = 6;
const BACKGROUND = [255, 255, 255, 255] as const;
const TRAY = [241, 243, 245, 255] as const;
const STEM_PAPER = [248, 249, 250, 255] as const;
const SLOT = [233, 236, 239, 255] as const;

export interface MatchingInput {
  /** The stems' texts (plain text). */
  stems: readonly string[];
  /** The choices' texts (plain text). */
  choices: readonly string[];
  /** For each stem, the index of its choice. */
  key: readonly number[];
}

export type MatchingImage =
  | {
      ok: true;
      png: Uint8Array;
      width: number;
      height: number;
      areas: DragDropArea[];
      match: Record<string, string>;
      oneToOne: boolean;
    }
  | { ok: false; message: string };

/** An HTML fragment's text as it reads: tags dropped (a line break a space), entities decoded, spaces single. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The Drag & Drop image and areas for a matching question, or why it cannot be drawn. */
export function matchingImage(input: MatchingInput): MatchingImage {
  const undrawable = [...input.stems, ...input.choices].filter((t) => drawableText(t) === null);
  if (undrawable.length > 0)
    return {
      ok: false,
      message: `its texts ${undrawable.map((t) => JSON.stringify(t)).join(", ")} have characters that the font here (DejaVu Sans) has no glyph for`,
    };
  const stems = input.stems.map((t) => drawableText(t)!);
  const choices = input.choices.map((t) => drawableText(t)!);

  // Every tile, and so every target, has the size of the largest choice.
  const tileSizes = choices.map((c) => boxSize([c], { maxWidth: CHOICE_TEXT_WIDTH }));
  const tile = {
    width: Math.max(...tileSizes.map((s) => s.width)),
    height: Math.max(...tileSizes.map((s) => s.height)),
  };
  const slot = { width: tile.width + 2 * SLOT_MARGIN, height: tile.height + 2 * SLOT_MARGIN };
  const stemSizes = stems.map((s) => boxSize([s], { maxWidth: STEM_TEXT_WIDTH, align: "left" }));
  const stemWidth = Math.max(...stemSizes.map((s) => s.width));
  const rowHeights = stemSizes.map((s) => Math.max(s.height, slot.height));

  const slotLeft = GAP + stemWidth + GAP;
  const trayLeft = slotLeft + slot.width + 2 * GAP;
  // The tray holds the tiles with a margin all round, and the image a margin beyond it.
  const width = trayLeft + GAP + tile.width + 2 * GAP;
  const rowsHeight = rowHeights.reduce((t, h) => t + h + GAP, GAP);
  const trayHeight = choices.length * (tile.height + GAP) + GAP;
  const height = Math.max(rowsHeight, trayHeight + 2 * GAP);
  const image: RgbaImage = { width, height, data: new Uint8Array(width * height * 4) };
  fill(image, { x: 0, y: 0, width, height }, BACKGROUND);
  fill(image, { x: trayLeft, y: GAP, width: width - trayLeft - GAP, height: height - 2 * GAP }, TRAY);

  const areas: DragDropArea[] = [];
  const match: Record<string, string> = {};
  let y = GAP;
  stems.forEach((stem, k) => {
    const rowHeight = rowHeights[k]!;
    const box = textBox([stem], {
      maxWidth: STEM_TEXT_WIDTH,
      align: "left",
      minWidth: stemWidth,
      minHeight: rowHeight,
      paper: STEM_PAPER,
    });
    paste(image, box, GAP, y);
    const slotTop = y + Math.round((rowHeight - slot.height) / 2);
    fill(image, { x: slotLeft, y: slotTop, ...slot }, SLOT);
    const id = `targ-${k + 1}`;
    areas.push({ id, type: AREA_TYPE.target, x: slotLeft, y: slotTop, ...slot });
    match[id] = `drag-${input.key[k]! + 1}`;
    y += rowHeight + GAP;
  });
  const used = new Map<number, number>();
  for (const c of input.key) used.set(c, (used.get(c) ?? 0) + 1);
  choices.forEach((choice, k) => {
    const x = trayLeft + GAP;
    const top = 2 * GAP + k * (tile.height + GAP);
    paste(
      image,
      textBox([choice], { maxWidth: CHOICE_TEXT_WIDTH, minWidth: tile.width, minHeight: tile.height }),
      x,
      top,
    );
    areas.push({ id: `drag-${k + 1}`, type: AREA_TYPE.draggable, x, y: top, ...tile });
  });
  return {
    ok: true,
    png: encodePng(image),
    width,
    height,
    areas,
    match,
    oneToOne: choices.every((_, k) => used.get(k) === 1),
  };
}

function fill(
  image: RgbaImage,
  rect: { x: number; y: number; width: number; height: number },
  rgba: readonly number[],
) {
  for (let y = rect.y; y < rect.y + rect.height; y++)
    for (let x = rect.x; x < rect.x + rect.width; x++) image.data.set(rgba, (y * image.width + x) * 4);
}

function paste(image: RgbaImage, piece: RgbaImage, left: number, top: number) {
  for (let row = 0; row < piece.height; row++)
    image.data.set(
      piece.data.subarray(row * piece.width * 4, (row + 1) * piece.width * 4),
      ((top + row) * image.width + left) * 4,
    );
}
