// What a parse worker can be asked to do: pure functions over untrusted content, by name. The
// same functions run on the request's thread when the content is small (server/workers/
// content-parser.ts decides), so a worker changes where the work runs, never its result.
// Pure: no Node APIs, no database.
import { cleanHtml, rewriteMediaRefs, type CleanHtmlResult, type HtmlFieldKind } from "../html/policy";
import { checkQuestion, type QuestionRulesContext, type QuestionRulesResult } from "../domain/question-rules";
import { checkResource, type ResourceCheck, type ResourceCheckInput } from "../media/check-resource";
import { FORMAT_MODULES } from "../formats/registry";
import type { FormatId, ImportOptions, ParseResult } from "../formats/types";

export interface HtmlFieldTask {
  html: string;
  kind: HtmlFieldKind;
  path: string;
}

export interface RewriteTask {
  html: string;
  map: [string, string][];
  /** The field, for an error. */
  path: string;
}

/** A file of exam.examImport to read: its bytes, in a format that has an import. */
export interface ParseImportTask {
  format: FormatId;
  bytes: Uint8Array;
  options: ImportOptions;
}

export interface QuestionRulesTask {
  question: Parameters<typeof checkQuestion>[0];
  context: QuestionRulesContext;
}

/**
 * A cleaned field whose `html` is null when cleaning left it as it was (most fields): the
 * caller keeps its own string, and megabytes of HTML are not copied back from a worker.
 */
export type CleanedField = Omit<CleanHtmlResult, "html"> & { html: string | null };

export const TASKS = {
  checkResource: (input: ResourceCheckInput): ResourceCheck => checkResource(input),
  cleanHtml: (input: HtmlFieldTask): CleanedField => {
    const result = cleanHtml(input.html, input.kind, input.path);
    return result.html === input.html ? { ...result, html: null } : result;
  },
  /** The HTML with media paths replaced; null when none was there to replace. */
  rewriteMediaRefs: (input: RewriteTask): string | null => {
    const html = rewriteMediaRefs(input.html, new Map(input.map));
    return html === input.html ? null : html;
  },
  checkQuestion: (input: QuestionRulesTask): QuestionRulesResult => checkQuestion(input.question, input.context),
  parseImport: (input: ParseImportTask): ParseResult => {
    const parse = FORMAT_MODULES[input.format]?.parse;
    if (!parse) throw new Error(`no import for ${input.format}`);
    return parse(input.bytes, input.options);
  },
} satisfies Record<string, (input: never) => unknown>;

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;

/** The buffers of a task's result that can move to the caller's thread instead of being copied. */
export function transferables(result: unknown): ArrayBuffer[] {
  const bytes = (result as { bytes?: unknown } | null)?.bytes;
  return bytes instanceof Uint8Array &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
    ? [bytes.buffer]
    : [];
}
