// What the Moodle XML writers share: a question on its way out (the question, the media, its
// notes), the elements every type starts with, answers with their files. Pure.
import { htmlField, type ExportMedia } from "./moodle-html";
import type { ContentQuestion } from "./types";
import { xmlElement, xmlText } from "./xml-write";

/** What one question's writer gives: its <question> element (null when omitted) and its notes. */
export interface Written {
  xml: string | null;
  notes: string[];
}

export interface QuestionWriter {
  q: ContentQuestion;
  out: ExportMedia;
  notes: string[];
  /** The name Moodle shows for the question. */
  name: string;
  shuffle: boolean;
}

/** Moodle's `<name>`: the question's text without tags, shortened; `Question n` when it has none. */
export function questionName(q: ContentQuestion, n: number): string {
  const text = q.question
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return `Question ${n}`;
  return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
}

/** The elements every type starts with: name, question text, general feedback, grade, idnumber, tags, scenarios. */
export function commonElements(w: QuestionWriter): string[] {
  const missing = (path: string) =>
    w.notes.push(`the file of ${path} is missing from the media store, so it is not in the file`);
  return [
    xmlElement("name", {}, xmlElement("text", {}, xmlText(w.name))),
    htmlField("questiontext", w.q.question, w.out, missing),
    htmlField("generalfeedback", w.q.explanation, w.out, missing),
    xmlElement("defaultgrade", {}, String(w.q.points)),
    xmlElement("penalty", {}, "0"),
    xmlElement("hidden", {}, "0"),
    xmlElement("idnumber", {}, xmlText(w.q.external_id ?? "")),
    ...tagsElement(w.q.tags ?? []),
    ...(w.q.scenarios?.length ? [xmlElement(SCENARIOS_ELEMENT, {}, xmlText(JSON.stringify(w.q.scenarios)))] : []),
  ];
}

/** Our scenarios (contract 16.3) as JSON: Moodle has no place for them and ignores the element. */
export const SCENARIOS_ELEMENT = "examstudio_scenarios";

/** Moodle's `<tags>`, one `<tag><text>…</text></tag>` per tag; nothing for none, as Moodle writes it. */
function tagsElement(tags: readonly string[]): string[] {
  if (tags.length === 0) return [];
  return [xmlElement("tags", {}, ...tags.map((t) => xmlElement("tag", {}, xmlElement("text", {}, xmlText(t)))))];
}

/** An answer element with its HTML and files. */
export function answerElement(w: QuestionWriter, html: string, fraction: string, extra: string[] = []): string {
  const missing = (path: string) =>
    w.notes.push(`the file of ${path} is missing from the media store, so it is not in the file`);
  return htmlField("answer", html, w.out, missing, { fraction }, [
    xmlElement("feedback", { format: "html" }, xmlElement("text")),
    ...extra,
  ]);
}

/** A fraction as Moodle writes it (seven decimals). */
export function fractionText(value: number): string {
  return value.toFixed(7);
}
