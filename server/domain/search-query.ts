// questionSearch's matching rules (contract 15.2 point 1), as patterns on question.search_text
// (server/domain/search-text.ts: folded words, one space around each), and its snippet. Pure.
// - A query's words are folded as the texts are: case and accents do not count.
// - Every word must be found: as the start of a word of the text (` subn` finds "subnet"), or,
//   for a word of 5 letters or more, as a whole word one letter different (a letter changed,
//   added or removed: Levenshtein distance 1).
// - One regular expression per word says both, which pg_trgm's GIN index answers directly (its
//   trigrams are read from the expression's alternatives), the same on PostgreSQL and PGlite.
import { htmlToPlainText, searchWords } from "./search-text";

/** A word of at least this many letters also matches a word one letter different (contract 15.2 point 1). */
export const TYPO_MIN_LETTERS = 5;
/** Words a query may hold: each is one more condition of the statement. */
export const SEARCH_WORDS_MAX = 10;
/** The snippet's length at most, in characters (contract 15.2 point 1). */
export const SNIPPET_MAX = 200;

/** The query's words, folded, each once, in the order typed. */
export function searchQueryWords(query: string | undefined): string[] {
  return [...new Set(searchWords(query ?? ""))];
}

/** Regular-expression alternatives for every word one letter different from `word` (one code point changed, added or removed). */
export function oneEditAlternatives(word: string): string[] {
  const letters = Array.from(word);
  const any = "[^ ]";
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const before = letters.slice(0, i).join("");
    const rest = letters.slice(i).join("");
    out.add(before + any + rest); // one added
    if (i < letters.length) {
      const after = letters.slice(i + 1).join("");
      out.add(before + any + after); // one changed
      out.add(before + after); // one removed
    }
  }
  out.delete("");
  return [...out];
}

/** The patterns of one word: what a search_text holding it matches, and what its score reads. */
export interface WordMatch {
  /** `like`: a word of the text starts with it. */
  prefix: string;
  /** `like`: a word of the text is it. */
  whole: string;
  /** Regular expression (PostgreSQL's, also valid in JavaScript): a whole word one letter different; null under 5 letters. */
  typo: string | null;
}

/** Words are letters and digits only (searchQueryWords), so nothing in them needs escaping. */
export function wordMatch(word: string): WordMatch {
  return {
    prefix: `% ${word}%`,
    whole: `% ${word} %`,
    typo: Array.from(word).length < TYPO_MIN_LETTERS ? null : ` (?:${oneEditAlternatives(word).join("|")}) `,
  };
}

/** One regular expression for the whole rule (the prefix, or the typo): what the tests check the patterns by. */
export function wordPattern(word: string): string {
  const { typo } = wordMatch(word);
  return typo === null ? ` ${word}` : ` (?:${word}|${typo.slice(1, -1)} )`;
}

/**
 * How well one word matches, from what the database answers of it: a whole word 3, the start of a
 * word 2, only one letter different 1; one more when it is in the question text itself.
 */
export const WORD_SCORE_MAX = 4;

/** The rank of a score (the sum of the words' scores): 0 to 1, higher is better, three decimals. */
export function rankOf(score: number, words: number): number {
  return words === 0 ? 0 : Math.round((1000 * score) / (WORD_SCORE_MAX * words)) / 1000;
}

// ---------------------------------------------------------------------------------------------
// The snippet

interface Folded {
  /** The folded text (search-text's folding, character by character). */
  text: string;
  /** For each UTF-16 index of `text`, the index in the original where its character came from. */
  origin: number[];
}

function fold(plain: string): Folded {
  let text = "";
  const origin: number[] = [];
  let at = 0;
  for (const ch of plain) {
    const folded = ch
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}+/gu, "");
    for (let k = 0; k < folded.length; k++) origin.push(at);
    text += folded;
    at += ch.length;
  }
  origin.push(at);
  return { text, origin };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The words of a folded text with their places. */
function wordsAt(folded: string): { word: string; start: number; end: number }[] {
  return [...folded.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Where the word matches in a folded text: the first word that starts with it, else the first one letter different. */
function matchIn(
  words: { word: string; start: number; end: number }[],
  query: string,
): { start: number; end: number } | null {
  const prefix = words.find((w) => w.word.startsWith(query));
  if (prefix) return { start: prefix.start, end: prefix.start + query.length };
  if (Array.from(query).length < TYPO_MIN_LETTERS) return null;
  const typo = new RegExp(`^(?:${oneEditAlternatives(query).join("|")})$`, "u");
  const near = words.find((w) => typo.test(w.word));
  return near ? { start: near.start, end: near.end } : null;
}

/**
 * At most `max` characters of plain text around the best match: of the question, explanation and
 * answer texts (in that order), the first that holds the most of the query's words, from a little
 * before its first match. A cut end is marked "…". Without words (or without a match): the
 * question text's start.
 */
export function searchSnippet(htmlFields: readonly string[], queryWords: readonly string[], max = SNIPPET_MAX): string {
  const plains = htmlFields.map(htmlToPlainText);
  let best: { plain: string; start: number; end: number; found: number } | null = null;
  for (const plain of plains) {
    if (plain === "" || queryWords.length === 0) continue;
    const folded = fold(plain);
    const words = wordsAt(folded.text);
    const matches = queryWords.map((q) => matchIn(words, q)).filter((m) => m !== null);
    if (matches.length === 0 || (best && matches.length <= best.found)) continue;
    const first = matches.reduce((a, b) => (b.start < a.start ? b : a));
    best = { plain, start: folded.origin[first.start]!, end: folded.origin[first.end]!, found: matches.length };
  }
  const plain = best?.plain ?? plains.find((p) => p !== "") ?? "";
  return cutAround(plain, best?.start ?? 0, best?.end ?? 0, max);
}

/** `max` characters (code points) at most of `plain` holding [start, end) when it fits, cut at word boundaries where it can. */
export function cutAround(plain: string, start: number, end: number, max: number): string {
  const chars = Array.from(plain);
  if (chars.length <= max) return plain;
  // Indexes in code points.
  const cpStart = Array.from(plain.slice(0, start)).length;
  const cpEnd = Math.max(cpStart, Array.from(plain.slice(0, end)).length);
  // Some context before the match: a fifth of the room, less when the text starts sooner.
  let from = Math.max(0, cpStart - Math.floor(max / 5));
  while (from > 0 && from < cpStart && WORD_CHAR.test(chars[from - 1]!)) from++;
  let to = Math.min(chars.length, from + max);
  if (to < cpEnd) to = Math.min(chars.length, cpEnd);
  // Room for the marks of the cut ends.
  const lead = from > 0 ? 1 : 0;
  let trail = to < chars.length ? 1 : 0;
  if (to - from + lead + trail > max) {
    to = from + max - lead - 1;
    trail = 1;
  }
  // End at a word boundary when one is near.
  if (trail) {
    let cut = to;
    while (cut > from + 1 && cut > cpEnd && WORD_CHAR.test(chars[cut - 1]!) && WORD_CHAR.test(chars[cut]!)) cut--;
    if (cut > from + max / 2) to = cut;
  }
  const body = chars.slice(from, to).join("").trim();
  return (lead ? "…" : "") + body + (trail ? "…" : "");
}
