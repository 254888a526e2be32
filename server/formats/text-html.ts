// Text of the plain-text formats (GIFT, Aiken) as the HTML our fields hold. Pure.
import { Marked } from "marked";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text with the characters HTML gives a meaning to escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** Plain text as one HTML paragraph: escaped, its line breaks kept as `<br>`; "" stays "". */
export function plainToHtml(text: string): string {
  const trimmed = text.trim();
  return trimmed === "" ? "" : `<p>${escapeHtml(trimmed).replace(/\n/g, "<br>")}</p>`;
}

const BLOCK = /<(?:p|div|table|ul|ol|h[1-6]|pre|blockquote)\b/i;

/**
 * Moodle's own text format ("moodle", GIFT's default): HTML is allowed and line breaks are
 * breaks. Text without a block of its own becomes one paragraph; text that has blocks is kept as
 * it is.
 */
export function moodleToHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  return BLOCK.test(trimmed) ? trimmed : `<p>${trimmed.replace(/\n/g, "<br>")}</p>`;
}

const markdown = new Marked({ async: false, gfm: true, breaks: false });

/** Markdown as HTML (marked, CommonMark with GitHub's extensions); the import's HTML checks clean it like any other. */
export function markdownToHtml(text: string): string {
  const trimmed = text.trim();
  return trimmed === "" ? "" : (markdown.parse(trimmed) as string).trim();
}
