// The import dialog's problems in an author's words. The API names an item by its path and the
// file's own words (`items[0]`, `question "What is DHCP?" at line 3: question: …`) and a file it
// cannot read by what a client must send (`… send format to name the file's format`); the author
// sees "Question 1 (“What is DHCP?”): …" and "This file is not in a format Exam Studio can
// import (…)". A code whose API message is not already in plain words is worded in the import
// setting of the author wording (import-wording.ts): what the file gives, not what to do at a
// field ("Points: The file gives a number above 100; …", not "Enter a number …"). Pure.
import type { Issue } from "@/server/errors";
import { FORMATS, type FormatId } from "@/server/formats/types";
import { authorText } from "./author-text";
import { fieldName } from "./field-names";

/** Codes whose API message already says, in plain words, what changed or what is wrong in the file. */
const OWN_WORDS = new Set<string>([
  "import_repaired",
  "import_loss",
  "unchanged",
  "item_skipped",
  "item_invalid",
  "malformed_file",
  "html_forbidden",
  "html_embed_not_allowed",
  "html_unsafe_url",
  "html_absolute_media",
  "html_link_scheme",
  "html_iframe_source",
  "media_missing",
  "duplicate",
  "not_found",
]);

/** The index of the item a path is about (`items[3].question.points` → 3), or null. */
export function itemIndexOf(path: string): number | null {
  const m = /^items\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : null;
}

/** The title the file gives an item, from how the API names it (`question "Port" at line 3` → Port). */
function titleOf(ref: string): string | null {
  const m = /"((?:[^"\\]|\\.)*)"/.exec(ref);
  return m && m[1]!.trim() !== "" ? m[1]! : null;
}

/** "Question 2 (“Port of HTTPS”)", or "Question 2" when the file gives no title. */
export function importItemName(index: number, ref: string): string {
  const title = titleOf(ref);
  return title ? `Question ${index + 1} (“${title}”)` : `Question ${index + 1}`;
}

/** An item's problem without the item's name: `points: must be …` → "Points: must be …", in the author's words where the table has them. */
export function itemDetail(issue: Issue, ref: string | null): string {
  const index = itemIndexOf(issue.path)!;
  const rest = issue.path.slice(`items[${index}]`.length).replace(/^\./, "");
  let message = issue.message;
  if (ref && message.startsWith(`${ref}: `)) message = message.slice(ref.length + 2);
  const field = rest === "" ? "" : rest.replace(/^question\./, "");
  if (field !== "" && message.startsWith(`${field}: `)) message = message.slice(field.length + 2);
  const name = rest === "" ? null : fieldName(rest);
  const words = OWN_WORDS.has(issue.code)
    ? sentence(message)
    : authorText({ ...issue, path: rest }, { setting: "import" });
  return name ? `${name}: ${words}` : words;
}

const sentence = (text: string) => {
  const t = text.trim();
  if (t === "") return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?)]$/.test(first) ? first : `${first}.`;
};

/**
 * How the formats' refs begin (`question "Port" at line 3`, `row 2`, `item choice (q1.xml)`, …).
 * A message's start is taken for its ref only when it is one: a QTI item file that cannot be read
 * says so first ("the item file (q2.xml) at line 2, column 26: …"), and that start says where.
 */
const REF_START = /^(?:question|row|item|case study|stimulus)\b/;

/** The item's ref as the API gave it: `refs[i]` when known, else the start of the message before its first ": " when it is a ref. */
function refOf(issue: Issue, refs: readonly string[] | undefined): string | null {
  const index = itemIndexOf(issue.path);
  if (index === null) return null;
  if (refs?.[index] !== undefined) return refs[index]!;
  const cut = issue.message.indexOf(": ");
  const start = cut > 0 ? issue.message.slice(0, cut) : "";
  return REF_START.test(start) ? start : null;
}

/**
 * One problem of an import in the author's words. `refs` are the result's items' refs (a dry
 * run's), when there is a result; `formats` the formats the dialog offers.
 */
export function importIssueText(issue: Issue, formats: readonly FormatId[], refs?: readonly string[]): string {
  const index = itemIndexOf(issue.path);
  if (index !== null) {
    const ref = refOf(issue, refs);
    return `${importItemName(index, ref ?? "")}: ${itemDetail(issue, ref)}`;
  }
  if (issue.path === "file" && issue.code === "unknown_format")
    return `This file is not in a format Exam Studio can import (${formats.map((f) => FORMATS[f].name).join(", ")}). Export it again from its tool in one of these, or choose its format above.`;
  if (issue.path === "file" && issue.code === "malformed_file")
    return `This file cannot be read: ${sentence(issue.message)}`;
  if (issue.path === "exam" && issue.code === "required")
    return "This file holds no exam settings: fill in the new exam's fields, then check again.";
  const name = fieldName(issue.path);
  // A warning about the whole file (the columns a mapping leaves out) says what it is about in
  // its own words, as an item's does. The new exam's fields are in the dialog, so their problems
  // keep the editor's words; the rest is about the file.
  const setting = issue.path === "exam" || issue.path.startsWith("exam.") ? "editor" : "import";
  const words = OWN_WORDS.has(issue.code) ? sentence(issue.message) : authorText(issue, { setting });
  return name ? `${name}: ${words}` : words;
}
