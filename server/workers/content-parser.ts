// Where a request's content is parsed: on the request's own thread when there is little of it
// (a message to a worker costs more than cleaning a paragraph), in the worker pool when there is
// more, so that a large or hostile payload never stalls the requests of others. Over the pool's
// time or memory budget, the item (a resource, an HTML field) gets an error at its own path
// naming the limit; the request is refused and nothing is stored.
import type { Limits } from "../config";
import { invalidParams, type Issue } from "../errors";
import type { CleanHtmlResult } from "../html/policy";
import type { ResourceCheck, ResourceCheckInput } from "../media/check-resource";
import { BudgetExceeded, WorkerPool } from "./pool";
import type { QuestionRulesResult } from "../domain/question-rules";
import type { ParseResult } from "../formats/types";
import {
  TASKS,
  type HtmlFieldTask,
  type ParseImportTask,
  type QuestionRulesTask,
  type RewriteTask,
  type TaskInput,
  type TaskName,
  type TaskOutput,
} from "./tasks";

/**
 * Up to this many characters of content in one call are parsed on the request's thread
 * (a few milliseconds at most); past it every item of the call goes to the workers.
 */
export const INLINE_CHARS = 64 * 1024;

/** Up to this many bytes, an import's file is read on the request's thread. */
export const INLINE_IMPORT_BYTES = 256 * 1024;

/**
 * An import's file is read in an import worker (IMPORT_WORKERS of them per process), with a budget
 * of its own, since the largest file the limits allow takes seconds and a few hundred megabytes to
 * read, far more than a request's content may. The files waiting for one take turns between
 * workspaces, and one workspace's files are read one at a time (docs/decisions.md, issue 23): a
 * workspace with many large files holds another's back for one file at most, and with two import
 * workers not at all.
 */
export const IMPORT_PARSE_BUDGET = { ms: 120_000, memoryMb: 1024 };

/** Up to this many values in a question's properties, its rules run on the request's thread. */
export const INLINE_VALUES = 20_000;

/** The values in `value` (every element and entry, at any level), counted up to `cap`. */
export function countValues(value: unknown, cap: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count < cap) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    for (const item of Array.isArray(v) ? v : Object.values(v)) {
      count++;
      stack.push(item);
    }
  }
  return Math.min(count, cap);
}

export interface ContentParser {
  checkResources(items: ResourceCheckInput[]): Promise<ResourceCheck[]>;
  cleanHtml(fields: HtmlFieldTask[]): Promise<CleanHtmlResult[]>;
  /** Stored paths put into cleaned HTML. */
  rewriteMediaRefs(items: RewriteTask[]): Promise<string[]>;
  /** A question's rules (server/domain/question-rules): in a worker when its properties are large. */
  checkQuestion(task: QuestionRulesTask): Promise<QuestionRulesResult>;
  /**
   * An import's file read by its format (server/formats): in an import worker when it is large,
   * taking turns for one with the files of other lanes (`lane`: the workspace imported into).
   */
  parseImport(task: ParseImportTask, lane: string): Promise<ParseResult>;
  close(): Promise<void>;
}

/** What the parser takes of the limits (server/config.ts). */
export type ParseLimits = Pick<Limits, "parseWorkers" | "parseMs" | "parseMemoryMb" | "importWorkers">;

function budgetIssue(path: string, what: string, budget: BudgetExceeded): Issue {
  const limit =
    budget.budget === "time"
      ? `took longer than the limit of ${budget.limit / 1000} seconds`
      : `needed more memory than the limit of ${budget.limit} MiB`;
  return { code: "too_complex", path, message: `checking ${what} ${limit}; make it simpler or smaller` };
}

/** `script` is the bundled worker (server/workers/script.ts); PARSE_WORKERS=0 parses everything inline. */
export function createContentParser(script: string, limits: ParseLimits): ContentParser {
  const pool =
    limits.parseWorkers > 0
      ? new WorkerPool({
          script,
          size: limits.parseWorkers,
          taskTimeoutMs: limits.parseMs,
          memoryMb: Number.isFinite(limits.parseMemoryMb) ? limits.parseMemoryMb : 0,
        })
      : null;
  const importPool =
    limits.parseWorkers > 0
      ? new WorkerPool({
          script,
          size: limits.importWorkers,
          perLane: 1,
          taskTimeoutMs: IMPORT_PARSE_BUDGET.ms,
          memoryMb: IMPORT_PARSE_BUDGET.memoryMb,
        })
      : null;

  /** Runs every item's task in the pool or inline; a budget failure becomes `onBudget`'s answer. */
  async function runAll<N extends TaskName>(
    name: N,
    items: TaskInput<N>[],
    size: (item: TaskInput<N>) => number,
    onBudget: (item: TaskInput<N>, error: BudgetExceeded) => TaskOutput<N>,
    inlineUpTo = INLINE_CHARS,
  ): Promise<TaskOutput<N>[]> {
    const task = TASKS[name] as (input: TaskInput<N>) => TaskOutput<N>;
    const total = items.reduce((sum, item) => sum + size(item), 0);
    if (!pool || total <= inlineUpTo) return items.map((item) => task(item));
    return Promise.all(
      items.map((item) =>
        pool.run(name, item).catch((error: unknown) => {
          if (error instanceof BudgetExceeded) return onBudget(item, error);
          throw error;
        }),
      ),
    );
  }

  return {
    checkResources: (items) =>
      runAll(
        "checkResource",
        items,
        (item) => item.base64.length,
        (item, budget) => ({
          ok: false,
          tooLarge: false,
          errors: [budgetIssue(item.path, "this file", budget)],
          warnings: [],
        }),
      ),
    async cleanHtml(fields) {
      const results = await runAll(
        "cleanHtml",
        fields,
        (field) => field.html.length,
        (field, budget) => ({
          html: "",
          errors: [budgetIssue(field.path, "this HTML", budget)],
          warnings: [],
          mediaRefs: [],
          hasContent: false,
        }),
      );
      return results.map((result, i) => ({ ...result, html: result.html ?? fields[i]!.html }));
    },
    async rewriteMediaRefs(items) {
      const results = await runAll(
        "rewriteMediaRefs",
        items,
        (item) => item.html.length,
        (item, budget) => {
          // The same HTML was cleaned within the budget a moment ago, so this is rare; the request
          // is refused all the same, at the field.
          throw invalidParams([budgetIssue(item.path, "this HTML", budget)]);
        },
      );
      return results.map((html, i) => html ?? items[i]!.html);
    },
    checkQuestion: async (task) => {
      const [result] = await runAll(
        "checkQuestion",
        [task],
        (t) => countValues(t.question.properties, INLINE_VALUES + 1),
        (_t, budget) => ({
          errors: [budgetIssue("question.properties", "these properties", budget)],
          warnings: [],
          properties: {},
          answers: [],
        }),
        INLINE_VALUES,
      );
      return result!;
    },
    async parseImport(task, lane) {
      if (!importPool || task.bytes.byteLength <= INLINE_IMPORT_BYTES) return TASKS.parseImport(task);
      try {
        return await importPool.run("parseImport", task, [], lane);
      } catch (error) {
        if (!(error instanceof BudgetExceeded)) throw error;
        return { ok: false, issues: [budgetIssue("file", "the file", error)] };
      }
    },
    close: async () => {
      await Promise.all([pool?.close(), importPool?.close()]);
    },
  };
}
