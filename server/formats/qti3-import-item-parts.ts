// The parts a QTI 3.0 item is read by (qti3-import-item.ts): the points its response processing
// template gives, an interaction's kind in an author's words for the warnings, and the item's body
// with its interaction replaced by the prompt. Pure.
import { elementChildren } from "./qti3-html";
import { GAP_INTERACTIONS, gapMatchContent } from "./qti3-import-kinds";
import { childElement, type XmlElement, type XmlNode } from "./xml-read";

/** Every element below `root` (itself included) whose local name passes `test`, in document order. */
export function descendants(root: XmlElement, test: (el: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    if (test(el)) out.push(el);
    for (const c of el.children) if (typeof c !== "string") walk(c);
  };
  walk(root);
  return out;
}

export interface Scoring {
  /** Ours, or which template. */
  kind: "ours" | "match_correct" | "map_response" | "other";
  points: number;
  /** Whether mapped values are per-answer/pair/area points. */
  usesMapping: boolean;
}

export function scoringOf(
  root: XmlElement,
  ours: boolean,
  questionDiv: XmlElement | null,
  warnings: string[],
): Scoring {
  if (ours && questionDiv) {
    const points = Number(questionDiv.attributes["data-es-points"] ?? "1");
    return { kind: "ours", points: Number.isInteger(points) && points >= 0 ? points : 1, usesMapping: true };
  }
  const rp = childElement(root, "qti-response-processing");
  const template = rp?.attributes.template ?? rp?.attributes["template-location"] ?? "";
  if (/match_correct(\.xml)?$/.test(template)) return { kind: "match_correct", points: 1, usesMapping: false };
  if (/map_response(_point)?(\.xml)?$/.test(template)) return { kind: "map_response", points: 0, usesMapping: true };
  warnings.push(
    rp
      ? "its response processing is not a standard template, so it was not read: the question earns 1 point when fully correct, and per-answer points are taken from its mapping if it has one"
      : "it has no response processing: the question earns 1 point when fully correct",
  );
  return { kind: "other", points: 1, usesMapping: true };
}

export const ONE_GAP = "Exam Studio reads a gap-fill item with one gap only";

/** An interaction's kind in an author's words (`qti-slider-interaction` → "slider"). */
const kindWords = (local: string) =>
  local
    .replace(/^qti-/, "")
    .replace(/-interaction$/, "")
    .replace(/-/g, " ");
const withArticle = (words: string) => `${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;

/**
 * An interaction's kind with its article ("a slider"), the same for QTI 2.x and 3.0: a skipped
 * item names its kind as its own tool's users know it, not by the element name of one version
 * (2.x writes `sliderInteraction`, which is read as `qti-slider-interaction`).
 */
export const kindOf = (local: string) => withArticle(kindWords(local));

/** The kinds of a cloze's gaps, with the article ("a text entry and inline choice"). */
export function gapKinds(interactions: readonly XmlElement[]): string {
  const gapped = interactions.filter(
    (i) => GAP_INTERACTIONS.includes(i.local) || i.local === "qti-text-entry-interaction",
  );
  return withArticle([...new Set(gapped.map((i) => kindWords(i.local)))].join(" and "));
}

/** The body's content with the interaction replaced by its prompt (a block interaction) or a blank (text entry). */
export function bodyWithPrompt(nodes: readonly XmlNode[], interaction: XmlElement): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      out.push(node);
      continue;
    }
    if (node === interaction) {
      if (interaction.local === "qti-text-entry-interaction" || interaction.local === "qti-inline-choice-interaction") {
        out.push("_____");
        continue;
      }
      const prompt = childElement(interaction, "qti-prompt");
      if (prompt) {
        const blocks = elementChildren(prompt).some((el) =>
          ["p", "div", "ul", "ol", "table", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6"].includes(el.local),
        );
        if (blocks) out.push(...prompt.children);
        else out.push({ ...prompt, name: "p", local: "p", attributes: {} });
      }
      if (interaction.local === "qti-gap-match-interaction") out.push(...gapMatchContent(interaction));
      continue;
    }
    if (node.local === "qti-prompt") continue;
    out.push({ ...node, children: bodyWithPrompt(node.children, interaction) });
  }
  return out;
}

export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
