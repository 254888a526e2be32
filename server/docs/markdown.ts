// What the project's markdown documents link to and which anchors they offer, read with the
// same parser (marked) that renders the API guide in the app, so that a link the checker accepts
// is a link the app can follow. Pure: no file system here.
import { Lexer, type Token, type Tokens } from "marked";

/** The plain text of inline tokens: what a reader sees, without markup (`**a**` → `a`). */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  return tokens
    .map((t) => {
      if ("tokens" in t && t.tokens) return plainText(t.tokens);
      if (t.type === "br") return " ";
      return "text" in t ? t.text : "";
    })
    .join("");
}

/**
 * The anchor GitHub gives a heading: lower case, every character that is neither a letter, a
 * digit, a space, `-` nor `_` removed, spaces turned into `-` ("4 point & shoot" → "4-point--shoot").
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Anchors of one document in order, a repeated one numbered as GitHub does (`x`, `x-1`, `x-2`). */
export class HeadingSlugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = headingSlug(text);
    const count = this.seen.get(base);
    this.seen.set(base, (count ?? 0) + 1);
    return count === undefined ? base : `${base}-${count}`;
  }
}

/** Every token of a document, depth first (tables' cells and lists' items included). */
function* walk(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const cell of table.header) yield* walk(cell.tokens);
      for (const row of table.rows) for (const cell of row) yield* walk(cell.tokens);
    } else if (token.type === "list") {
      yield* walk((token as Tokens.List).items);
    }
    if ("tokens" in token && token.tokens) yield* walk(token.tokens);
  }
}

/** The targets of every link and image of a markdown document (code spans and blocks excluded). */
export function markdownLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const token of walk(Lexer.lex(markdown))) {
    if (token.type === "link" || token.type === "image") links.push((token as Tokens.Link).href);
  }
  return links;
}

/** The anchors the headings of a markdown document get. */
export function markdownAnchors(markdown: string): Set<string> {
  const slugger = new HeadingSlugger();
  const anchors = new Set<string>();
  for (const token of walk(Lexer.lex(markdown))) {
    if (token.type === "heading") anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  }
  return anchors;
}

/** A link to a page elsewhere (`https:`, `mailto:` …), not a file of the repository. */
export function isExternalLink(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}
