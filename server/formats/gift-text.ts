// GIFT's escapes and text formats (gift.ts reads the file). Each escaped character is held as a
// private-use character while the structure is read, so that a plain indexOf finds only the
// characters that mean something: U+E000…U+E005 the characters of ESCAPABLE, U+E006 a line break,
// U+E008 a backslash (`\\`, read first as Moodle reads it, so `\\~` is a backslash and a tilde
// that means something). A character of that range written in the file itself is held behind
// U+E007 and given back as it was. A text's `[format]` marker ([html], [moodle], [plain],
// [markdown]) says how it becomes our HTML. Pure.
import { delimitedTexToMathml } from "../html/latex";
import { markdownToHtml, moodleToHtml, plainToHtml } from "./text-html";

const ESCAPABLE = "~=#{}:";
const NEWLINE_MARK = "\uE006";
const LITERAL_MARK = "\uE007";
const BACKSLASH_MARK = "\uE008";

/** The text with its escapes held (see above). */
export function protect(text: string): string {
  return text.replace(/[\uE000-\uE008]|\\([~=#{}:n\\])/g, (whole, c: string | undefined) => {
    if (c === undefined) return LITERAL_MARK + whole;
    if (c === "\\") return BACKSLASH_MARK;
    return c === "n" ? NEWLINE_MARK : String.fromCharCode(0xe000 + ESCAPABLE.indexOf(c));
  });
}

/** The text with its escapes given back as the characters they stand for. */
export function unprotect(text: string): string {
  return text.replace(/\uE007([\uE000-\uE008])|[\uE000-\uE006\uE008]/g, (whole, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    const k = whole.charCodeAt(0) - 0xe000;
    return k === 8 ? "\\" : k === 6 ? "\n" : ESCAPABLE[k]!;
  });
}

// Text formats

export type TextFormat = "html" | "moodle" | "plain" | "markdown";

/** A text's own `[format]` marker, if it starts with one, and the text after it. */
export function withFormat(text: string, fallback: TextFormat): { format: TextFormat; text: string } {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  return m ? { format: m[1]!.toLowerCase() as TextFormat, text: text.slice(m[0].length) } : { format: fallback, text };
}

/** A protected text in its format as our HTML, TeX between \( \) or $$ $$ as MathML (contract 9.1). */
export function toHtml(raw: string, fallback: TextFormat): string {
  return delimitedTexToMathml(formatHtml(raw, fallback));
}

function formatHtml(raw: string, fallback: TextFormat): string {
  const { format, text } = withFormat(raw, fallback);
  const plain = unprotect(text).trim();
  switch (format) {
    case "html":
      return plain;
    case "plain":
      return plainToHtml(plain);
    case "markdown":
      return markdownToHtml(plain);
    default:
      return moodleToHtml(plain);
  }
}
