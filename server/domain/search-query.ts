// questionSearch's matching rules (contract 15.2 point 1), as patterns on question.search_text
// (server/domain/search-text.ts: folded words, one space around each), and its snippet. Pure.
// - A query's words are folded as the texts are: case and accents do not count.
// - Every word must be found: as the start of a word of the text (` subn` finds "subnet"), or,
//   for a word of 5 letters or more, as a whole word one letter different (a letter changed,
//   added or removed: Levenshtein distance 1).
// - A word is first expanded into the stored words it matches (the vocabulary, search_word: the
//   words it starts, the whole words one letter different), whose questions search_words' index
//   then gives exactly. A word that expands into more than VOCABULARY_WORDS_MAX stored words (one
//   or two letters, typically) is matched on the text itself instead: `like` and the typo's
//   regular expression, which pg_trgm's GIN index answers from the pattern's trigrams.
import { htmlToPlainText, searchWords } from "./search-text";

/** A word of at least this many letters also matches a word one letter different (contract 15.2 point 1). */
export const TYPO_MIN_LETTERS = 5;
/** Longer words have no typo look-up (levenshtein() compares 255 characters at most). */
export const TYPO_MAX_LETTERS = 250;
/** Stored words a query's word may expand into; beyond it the word is matched on the text itself. */
export const VOCABULARY_WORDS_MAX = 200;
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
  /** The word itself, folded. */
  word: string;
  /** `like`: a stored word (search_word) that starts with it. */
  wordStart: string;
  /**
   * Where the stored words one letter different are (null under 5 letters): each starts with the
   * word's first half or ends with its second half (an edit before the middle leaves the second
   * half, one after it the first), and is one letter longer or shorter at most. The database
   * checks these candidates with levenshtein().
   */
  typoNear: { starts: string; ends: string; minLength: number; maxLength: number } | null;
  /** `like`: a word of the text starts with it. */
  prefix: string;
  /** `like`: a word of the text is it. */
  whole: string;
  /** Regular expression (PostgreSQL's, also valid in JavaScript): a whole word one letter different; null under 5 letters. */
  typo: string | null;
}

/** Words are letters and digits only (searchQueryWords), so nothing in them needs escaping. */
export function wordMatch(word: string): WordMatch {
  const letters = Array.from(word);
  // levenshtein() takes 255 characters at most; a query is far shorter (SEARCH_QUERY_MAX), but a
  // word's folding could lengthen it, and a typo of such a word is no typo anyone makes.
  const alternatives =
    letters.length < TYPO_MIN_LETTERS || letters.length > TYPO_MAX_LETTERS ? null : oneEditAlternatives(word).join("|");
  const half = Math.floor(letters.length / 2);
  return {
    word,
    wordStart: `${word}%`,
    typoNear:
      alternatives === null
        ? null
        : {
            starts: `${letters.slice(0, half).join("")}%`,
            ends: `%${letters.slice(half).join("")}`,
            minLength: letters.length - 1,
            maxLength: letters.length + 1,
          },
    prefix: `% ${word}%`,
    whole: `% ${word} %`,
    typo: alternatives === null ? null : ` (?:${alternatives}) `,
  };
}

/** The stored words a query's word matches, as the vocabulary answered (at most VOCABULARY_WORDS_MAX + 1 of each kind). */
export interface WordExpansion {
  /** Stored words that start with the word (the word itself among them when it is stored). */
  starts: string[];
  /** Stored words one letter different that do not start with it. */
  typos: string[];
}

/** How a word is looked up: by its stored words, none (nothing can match), or on the text (too many stored words). */
export type WordLookup = { kind: "words"; starts: string[]; typos: string[] } | { kind: "none" } | { kind: "text" };

export function wordLookup(expansion: WordExpansion): WordLookup {
  if (expansion.starts.length > VOCABULARY_WORDS_MAX || expansion.typos.length > VOCABULARY_WORDS_MAX)
    return { kind: "text" };
  if (expansion.starts.length + expansion.typos.length === 0) return { kind: "none" };
  return { kind: "words", starts: expansion.starts, typos: expansion.typos };
}

/**
 * A PostgreSQL array literal of words (text[]). Words are letters and digits only, so quoting each
 * is enough: a word like "null" stays a word.
 */
export function wordArrayLiteral(words: readonly string[]): string {
  return `{${words.map((w) => `"${w}"`).join(",")}}`;
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
