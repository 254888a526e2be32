// The texts questionSearch and near duplicates read (contract 15.2 points 1 and 3), computed from a
// question's stored HTML: tags stripped, entities decoded, lower-cased, accents removed (NFD, then
// the combining marks dropped), and every run of characters that are not letters or digits made
// one space. What is left is words separated by single spaces, so that a word's start is found by
// a space before it on both databases, whatever their locale's idea of a word character.
// - search_text: the question, the explanation and every answer, in that order, with one space
//   before the first word and after the last (" what is a subnet "): `like '% subn%'` is a word
//   that starts with "subn", `like '% subnet %'` the whole word. Never empty, so '' in the column
//   means "not computed yet" (server/data/search-text.ts fills those in).
// - similarity_text: the question text alone, the same words without the outer spaces.
// - similarity_keys: the MinHash band keys of similarity_text (./similarity-keys.ts).
// Pure: the write paths, the startup backfill, the search's words and its snippet share it.
import { similarityKeys } from "./similarity-keys";

/** The elements whose content is not text a reader sees: MathML's LaTeX annotation repeats the formula. */
const HIDDEN_CONTENT = /<(annotation|annotation-xml|script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Elements that separate words (blocks, line breaks, cells, items, media): replaced by a space. */
const BREAKING_TAG =
  /<\/?(?:p|br|hr|h[1-6]|div|pre|blockquote|ul|ol|li|table|thead|tbody|tfoot|tr|th|td|caption|figure|figcaption|img|audio|video|source|iframe|math|mrow|mi|mn|mo|mtext|mfrac|msup|msub|msubsup|msqrt|mroot|mtable|mtr|mtd|semantics)\b[^>]*>/gi;
/** Any other tag (inline formatting: strong, em, span, sub, …) joins its neighbours: "H<sub>2</sub>O" is "H2O". */
const ANY_TAG = /<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  deg: "°",
  times: "×",
  divide: "÷",
  middot: "·",
  euro: "€",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text a reader sees in an HTML field, as it is written (case and accents kept), with every
 * run of whitespace one space and no space at either end. What the search's snippet is cut from.
 */
export function htmlToPlainText(html: string): string {
  const text = html.replace(HIDDEN_CONTENT, " ").replace(BREAKING_TAG, " ").replace(ANY_TAG, "");
  return decodeEntities(text).replace(/\s+/gu, " ").trim();
}

/** Letters and digits of any script, lower-cased, accents removed; one character in, zero or more out. */
function foldCharacters(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
}

/** The words of a plain text, folded: lower-case, without accents, letters and digits only. */
export function searchWords(text: string): string[] {
  return foldCharacters(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

export interface SearchableQuestion {
  question: string;
  explanation: string;
  answers: readonly { answer: string }[];
}

/** question.search_text: the words of the question, the explanation and the answers, with a space before and after each. */
export function questionSearchText(q: SearchableQuestion): string {
  const words = [q.question, q.explanation, ...q.answers.map((a) => a.answer)].flatMap((html) =>
    searchWords(htmlToPlainText(html)),
  );
  return ` ${words.join(" ")} `.replace(/^ {2}$/, " ");
}

/** question.similarity_text: the words of the question text alone. */
export function questionSimilarityText(questionHtml: string): string {
  return searchWords(htmlToPlainText(questionHtml)).join(" ");
}

/** The columns a write of a question's content sets with it (similarityKeys: ./similarity-keys.ts). */
export interface QuestionTextColumns {
  searchText: string;
  similarityText: string;
  similarityKeys: number[];
}

/** All three columns at once, as every write of a question's content sets them. */
export function questionTextColumns(q: SearchableQuestion): QuestionTextColumns {
  const similarityText = questionSimilarityText(q.question);
  return { searchText: questionSearchText(q), similarityText, similarityKeys: similarityKeys(similarityText) };
}
