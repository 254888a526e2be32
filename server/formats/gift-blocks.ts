// The blocks of a GIFT file (gift.ts): its questions, split at blank lines, each with the file's
// line number of each of its lines, the domain of the `$CATEGORY:` named last before it and the
// tags of its `// [tag:…]` comments. Pure.
import { CategoryDomains } from "./categories";
import { protect } from "./gift-text";

// Blocks: the questions of the file, each with the file's line number of each of its lines.

export interface Block {
  /** The file's line of each line of `text`. */
  lines: number[];
  /** The lines joined, escapes protected. */
  text: string;
  /** Offsets of the line breaks of `text`, when asked for. */
  breaks?: number[];
  /** The code of the domain of the category named last before it; null: none (CategoryDomains.finish settles it). */
  domain: string | null;
  /** The tags of its `// [tag:…]` comments, as written; undefined when it has none. */
  tags?: string[];
}

interface Blocks {
  blocks: Block[];
  categories: CategoryDomains;
  /** The paths of its `$CATEGORY:` lines, as written. */
  categoryPaths: string[];
}

/** Moodle's tag comment, `[tag:name]` with `\]` for a `]` in the name. */
const TAG_COMMENT = /\[tag:((?:\\\]|[^\]])*)\]/g;

export function splitBlocks(text: string): Blocks {
  const blocks: Block[] = [];
  const categories = new CategoryDomains();
  const categoryPaths: string[] = [];
  let domain: string | null = null;
  let lines: number[] = [];
  let parts: string[] = [];
  let tags: string[] = [];
  const flush = () => {
    if (parts.length > 0)
      blocks.push({
        lines,
        text: protect(parts.join("\n")).trim(),
        domain,
        ...(tags.length > 0 ? { tags } : {}),
      });
    lines = [];
    parts = [];
    tags = [];
  };
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return flush();
    // Whole-line comments only: "//" inside a line (a URL) is text. As Moodle reads them, the
    // comments of a question's lines hold its tags.
    if (line.startsWith("//")) {
      for (const m of line.matchAll(TAG_COMMENT)) tags.push(m[1]!.replaceAll("\\]", "]"));
      return;
    }
    // A category names the domain of the questions after it (contract 15.3).
    const category = /^\$CATEGORY:(.*)$/i.exec(line);
    if (category) {
      flush();
      domain = categories.enter(category[1]!);
      categoryPaths.push(category[1]!.trim());
      return;
    }
    lines.push(i + 1);
    parts.push(raw.trimEnd());
  });
  flush();
  return { blocks, categories, categoryPaths };
}

/** The file's line of offset `at` of the block's text (a binary search over its line breaks, found once per block). */
export function lineOf(block: Block, at: number): number {
  if (block.breaks === undefined) {
    block.breaks = [];
    for (let i = block.text.indexOf("\n"); i >= 0; i = block.text.indexOf("\n", i + 1)) block.breaks.push(i);
  }
  let lo = 0;
  let hi = block.breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (block.breaks[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return block.lines[Math.min(lo, block.lines.length - 1)]!;
}
