// What the formats share: the media an item's HTML refers to, the stored media an exam's
// content refers to, the names of items in messages, and text decoding. Pure.
import { joinPath, type Issue } from "../errors";
import type { ExamContent } from "./types";

// ---------------------------------------------------------------------------------------------
// Media references

/** A stored media path, `/media/<sha256>.<ext>` (server/media/paths.ts), anywhere in a text. */
const STORED_MEDIA = /\/media\/[0-9a-f]{64}\.[a-z0-9]{1,10}/g;

/** The stored media paths the texts refer to, each once, in order of appearance. */
export function storedMediaPaths(texts: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STORED_MEDIA)) found.add(m[0]);
  return [...found];
}

/** Every text of an exam's content that may refer to stored media (HTML fields and properties). */
export function contentTexts(content: Omit<ExamContent, "media">): string[] {
  const texts = [content.exam.description];
  for (const cs of content.caseStudies) texts.push(cs.description);
  for (const q of content.questions) texts.push(...questionTexts(q));
  return texts;
}

/** A question's texts that may refer to media: its HTML, its answers' and its properties (the image). */
export function questionTexts(q: {
  question: string;
  explanation: string;
  properties: unknown;
  answers: readonly { answer: string }[];
}): string[] {
  return [q.question, q.explanation, JSON.stringify(q.properties ?? {}), ...q.answers.map((a) => a.answer)];
}

// An attribute that names a media file (contract 9: img/audio/video/source src, video poster).
// Wider than the policy (any element's src): a path found here is only used when the file holds
// media under it, and one missed would be reported by the media check as missing, never lost.
const MEDIA_ATTRIBUTE = /(?:^|[\s"'/])(?:src|poster)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The few entities an attribute value of a path carries, decoded (the policy compares decoded values too). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The media paths an HTML text refers to (src and poster attributes), entity-decoded, each once. */
export function htmlMediaRefs(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(MEDIA_ATTRIBUTE)) found.add(decodeEntities((m[1] ?? m[2] ?? m[3] ?? "").trim()));
  found.delete("");
  return [...found];
}

/**
 * The entries of `media` that `html` (each text) or `images` (properties.image values) refer to:
 * an item's `resources`. `used` collects every path taken, for the warning about media that
 * nothing refers to.
 */
export function resourcesFor(
  media: Readonly<Record<string, string>>,
  html: readonly string[],
  images: readonly unknown[],
  used?: Set<string>,
): Record<string, string> {
  const resources: Record<string, string> = {};
  const take = (path: string) => {
    if (!Object.hasOwn(media, path)) return;
    resources[path] = media[path]!;
    used?.add(path);
  };
  for (const text of html) for (const ref of htmlMediaRefs(text)) take(ref);
  for (const image of images) if (typeof image === "string") take(image);
  return resources;
}

// ---------------------------------------------------------------------------------------------
// Names and paths in messages

/** `question 3 (external id Q-7)`: how an item is named when the file numbers them. */
export function numberedRef(noun: string, index: number, externalId?: unknown): string {
  const id = typeof externalId === "string" && externalId.trim() !== "" ? ` (external id ${externalId})` : "";
  return `${noun} ${index + 1}${id}`;
}

/** The path of item `index`'s params, e.g. `items[2].question.points`. */
export function itemPath(index: number, rest = ""): string {
  const base = `items[${index}]`;
  return rest === "" ? base : rest.startsWith("[") ? base + rest : `${base}.${rest}`;
}

/** A path of the request's own terms, from segments (`["answers", 0, "answer"]` → `answers[0].answer`). */
export function segmentsPath(base: string, segments: readonly PropertyKey[]): string {
  let out = base;
  for (const seg of segments) out = joinPath(out, typeof seg === "number" ? seg : String(seg));
  return out;
}

/** An issue about the file as a whole. */
export function fileIssue(code: Issue["code"], message: string): Issue {
  return { code, path: "file", message };
}

// ---------------------------------------------------------------------------------------------
// Text

/** Where `offset` falls in `text`: 1-based line and column. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** The file as UTF-8 text without a byte order mark; null when it is not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** Whether the text is a JSON document (an object or array): a text format never takes one, even when its strings hold that format's syntax. */
export function isJsonText(text: string): boolean {
  const start = text.trimStart();
  if (!start.startsWith("{") && !start.startsWith("[")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Case studies are referred to by name in the files that name them (the archive, CSV); of several
 * with one name, the import keeps the first. Answers, for a question, the export's note that it
 * will belong to that first one when imported back, or null.
 */
export function caseStudyNameClash(
  caseStudies: readonly { id: number; name: string }[],
): (caseStudyId: number | null) => string | null {
  const names = new Map(caseStudies.map((cs) => [cs.id, cs.name]));
  const firstWithName = new Map<string, number>();
  for (const cs of caseStudies) if (!firstWithName.has(cs.name)) firstWithName.set(cs.name, cs.id);
  return (caseStudyId) => {
    if (caseStudyId === null) return null;
    const name = names.get(caseStudyId)!;
    return firstWithName.get(name) === caseStudyId
      ? null
      : `its case study ${JSON.stringify(name)} has the same name as an earlier case study of the exam; imported back, the question belongs to the first of them`;
  };
}
