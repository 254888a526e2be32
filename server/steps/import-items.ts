// The steps of exam.examImport that every format shares, before anything is written: the file
// decoded within its limit, and each item and case study of the plan checked exactly as
// questionCreate and caseStudyCreate check theirs (the params schema, the HTML and media of
// contract 8 and 9, the per-type rules of contract 7), every problem reported at `items[i]…`
// (or `case_studies[i]…`) with a message that names the item as the file does.
import { formatBytes } from "../format-bytes";
import { AppError, Report, type Issue } from "../errors";
import { decodeBase64 } from "../media/base64";
import type { ResourceCheck } from "../media/check-resource";
import type { MediaStore } from "../media/store";
import { checkParamsShape } from "../schemas/params-shape";
import { questionCreateParams, questionParamsWarnings } from "../schemas/question";
import { parseWith } from "../schemas/zod-issues";
import type { ContentParser } from "../workers/content-parser";
import { itemPath } from "../formats/shared";
import type { CopiedFrom, ImportPlan, PlanCaseStudy } from "../formats/types";
import { mayExceed, prepareContent, type PreparedContent } from "./content";
import type { OpContext } from "../operation";
import { explainQuestionParams, prepareQuestion, type PreparedQuestion } from "./question-content";

/** The file of exam.examImport as bytes: within LIMIT_IMPORT_MB (-32013), Base64, not empty (-32602 at `file`). */
export function decodeImportFile(base64: string, limitBytes: number): Uint8Array {
  if (mayExceed(base64, limitBytes)) {
    throw new AppError("too_large", {
      issues: [
        {
          code: "too_large",
          path: "file",
          message: `the decoded file is larger than the import limit of ${formatBytes(limitBytes)}`,
        },
      ],
    });
  }
  const bytes = decodeBase64(base64);
  if (bytes === null) {
    throw new AppError("invalid_params", {
      issues: [
        {
          code: "invalid_base64",
          path: "file",
          message: "file.base64 is not valid Base64 (standard alphabet A–Z a–z 0–9 + /, padding optional)",
        },
      ],
    });
  }
  if (bytes.byteLength === 0)
    throw new AppError("invalid_params", {
      issues: [{ code: "empty_file", path: "file", message: "the file is empty" }],
    });
  return bytes;
}

/**
 * The call's context for checking an import: a media file the plan gives to many items (the
 * same Base64 under the same path) is decoded and checked once and held in memory once, and
 * written to the store once.
 */
export function importContext(ctx: OpContext): OpContext {
  return { ...ctx, parser: sharingResources(ctx.parser), media: writingOnce(ctx.media) };
}

function sharingResources(parser: ContentParser): ContentParser {
  const checked = new Map<string, { base64: string; maxBytes: number; result: ResourceCheck }>();
  return {
    async checkResources(items) {
      const results: (ResourceCheck | undefined)[] = items.map((item) => {
        const hit = checked.get(item.path);
        return hit && hit.base64 === item.base64 && hit.maxBytes === item.maxBytes ? hit.result : undefined;
      });
      const todo = items.filter((_, i) => results[i] === undefined);
      const fresh = todo.length > 0 ? await parser.checkResources(todo) : [];
      let k = 0;
      return items.map((item, i) => {
        if (results[i]) return results[i]!;
        const result = fresh[k++]!;
        checked.set(item.path, { base64: item.base64, maxBytes: item.maxBytes, result });
        return result;
      });
    },
    cleanHtml: (fields) => parser.cleanHtml(fields),
    rewriteMediaRefs: (items) => parser.rewriteMediaRefs(items),
    checkQuestion: (task) => parser.checkQuestion(task),
    parseImport: (task, lane) => parser.parseImport(task, lane),
    close: () => parser.close(),
  };
}

function writingOnce(store: MediaStore): MediaStore {
  const written = new Set<string>();
  return {
    async put(name, bytes, contentType) {
      if (written.has(name)) return;
      await store.put(name, bytes, contentType);
      written.add(name);
    },
    get: (name) => store.get(name),
    has: (name) => store.has(name),
    delete: (name) => store.delete(name),
    list: () => store.list(),
  };
}

/** What one item's check found: the question to write, or null when it is skipped or wrong. */
export interface CheckedItem {
  index: number;
  ref: string;
  /** The question type; null for an item of a kind the project cannot represent. */
  type: number | null;
  externalId: string | null;
  caseStudy: string | null;
  /** The code of its domain; null for none; undefined when the file does not say (an update keeps the domain). */
  domain: string | null | undefined;
  /** The question it is a copy of, as the file records it. */
  copiedFrom: CopiedFrom | null;
  prepared: PreparedQuestion | null;
  /** The format's warnings and the checks' warnings, each a string about this item. */
  warnings: string[];
  /** Whether the checks found an error (reported in ctx.report). */
  failed: boolean;
}

/** An issue of an item's params, moved under `items[i]` and told in the item's name. */
function itemIssue(index: number, ref: string, issue: Issue): Issue {
  return { code: issue.code, path: itemPath(index, issue.path), message: `${ref}: ${describedAt(issue)}` };
}

/** `points: must be …`: the issue's message after the field it concerns, as the item names it (its params' path without `question.`). */
function describedAt(issue: Issue): string {
  const field = issue.path.replace(/^question\./, "");
  return field === "" ? issue.message : `${field}: ${issue.message}`;
}

/**
 * What the media check says of a path that is neither a resource nor the caller's stored file, in
 * an import's terms: the file's media are its resources, so "send it in resources" would mislead.
 */
function missingMedia(message: string): string {
  const ref = /^media ("(?:[^"\\]|\\.)*")/.exec(message)?.[1];
  return ref ? `media ${ref} is neither in the file nor a stored file of this workspace` : message;
}

/**
 * Runs `check` with a report of its own and moves what it found into the call's report, under
 * `place(path)` and with `ref` naming the item. A file over a size limit (-32013) is collected in
 * `tooLarge`; media the caller may not reach is an error of the item (the file lacks it), not a
 * -32004 of the whole call.
 */
async function checkedPart<T>(
  ctx: OpContext,
  place: (issue: Issue) => Issue,
  tooLarge: Issue[],
  check: (sub: OpContext) => Promise<T>,
): Promise<{ value: T | null; warnings: Issue[]; failed: boolean }> {
  const sub: OpContext = { ...ctx, report: new Report() };
  let value: T | null = null;
  try {
    value = await check(sub);
  } catch (error) {
    if (!(error instanceof AppError) || (error.kind !== "too_large" && error.kind !== "not_found")) throw error;
    for (const issue of error.issues) {
      if (error.kind === "too_large") tooLarge.push(place(issue));
      else sub.report.error("media_missing", issue.path, missingMedia(issue.message));
    }
    if (error.kind === "too_large") return { value: null, warnings: [], failed: true };
  }
  for (const e of sub.report.errors) {
    const placed = place(e.code === "media_missing" ? { ...e, message: missingMedia(e.message) } : e);
    ctx.report.error(placed.code, placed.path, placed.message);
  }
  for (const w of sub.report.warnings) {
    const placed = place(w);
    ctx.report.warn(placed.code, placed.path, placed.message);
  }
  return { value: sub.report.ok ? value : null, warnings: sub.report.warnings, failed: !sub.report.ok };
}

/** Checks every item of the plan as questionCreate checks a question; nothing is written. */
export async function checkItems(ctx: OpContext, plan: ImportPlan, tooLarge: Issue[]): Promise<CheckedItem[]> {
  const checked: CheckedItem[] = [];
  for (const [index, item] of plan.items.entries()) {
    const place = (issue: Issue) => itemIssue(index, item.ref, issue);
    for (const w of item.warnings)
      ctx.report.warn(item.params ? "import_loss" : "item_skipped", itemPath(index), `${item.ref}: ${w}`);
    if (item.params === null) {
      checked.push({
        index,
        ref: item.ref,
        type: null,
        externalId: null,
        caseStudy: item.caseStudy,
        domain: item.domain,
        copiedFrom: item.copiedFrom ?? null,
        prepared: null,
        warnings: item.warnings,
        failed: false,
      });
      continue;
    }
    const { question, answers, resources } = item.params;
    // exam_id is the import's to decide; the schema wants one, and nothing below reads it.
    const raw = {
      question: { ...question, exam_id: 1 },
      ...(answers ? { answers } : {}),
      ...(resources ? { resources } : {}),
    };
    let externalId: string | null = null;
    const part = await checkedPart(ctx, place, tooLarge, async (sub) => {
      // What a questionCreate call's params must be before anything reads them (nesting, size,
      // text PostgreSQL can store): a file is not held to less.
      const shape = checkParamsShape(raw);
      if (shape.issues.length > 0) {
        sub.report.merge({ errors: shape.issues });
        return null;
      }
      for (const w of questionParamsWarnings("create", raw)) sub.report.warn(w.code, w.path, w.message);
      const parsed = parseWith(questionCreateParams, raw);
      if (!parsed.ok) {
        const reported = new Set(parsed.issues.map((i) => i.path));
        sub.report.merge({
          errors: [...parsed.issues, ...explainQuestionParams(raw).filter((i) => !reported.has(i.path))],
        });
        return null;
      }
      externalId = parsed.data.question.external_id;
      return prepareQuestion(sub, parsed.data.question, parsed.data.answers, parsed.data.resources);
    });
    checked.push({
      index,
      ref: item.ref,
      type: typeof question.type === "number" ? question.type : null,
      externalId,
      caseStudy: item.caseStudy,
      domain: item.domain,
      copiedFrom: item.copiedFrom ?? null,
      prepared: part.value,
      warnings: [...item.warnings, ...part.warnings.map(describedAt)],
      failed: part.failed,
    });
  }
  return checked;
}

export interface CheckedCaseStudy {
  index: number;
  plan: PlanCaseStudy;
  /** Its cleaned description and media, ready to store; null when it has errors. */
  content: PreparedContent | null;
}

/** Checks each case study of the plan as caseStudyCreate checks one; problems at `case_studies[i]…`. */
export async function checkCaseStudies(
  ctx: OpContext,
  plan: ImportPlan,
  tooLarge: Issue[],
): Promise<CheckedCaseStudy[]> {
  const checked: CheckedCaseStudy[] = [];
  for (const [index, cs] of plan.caseStudies.entries()) {
    const path = `case_studies[${index}]`;
    const place = (issue: Issue): Issue => ({
      code: issue.code,
      path: issue.path.startsWith("resources") ? `${path}.${issue.path}` : issue.path,
      message: `${cs.ref}: ${issue.message}`,
    });
    const part = await checkedPart(ctx, place, tooLarge, async (sub) => {
      const shape = checkParamsShape({ name: cs.name, description: cs.description, resources: cs.resources });
      if (shape.issues.length > 0) {
        for (const issue of shape.issues) sub.report.error(issue.code, `${path}.${issue.path}`, issue.message);
        return null;
      }
      return prepareContent(
        sub,
        [{ path: `${path}.description`, kind: "description", html: cs.description }],
        [],
        cs.resources,
      );
    });
    checked.push({ index, plan: cs, content: part.value });
  }
  return checked;
}

/** The file's exam settings hold only text PostgreSQL can store (and are of a readable shape): problems at `exam.<field>`. */
export function checkSettingsShape(ctx: OpContext, settings: object): void {
  for (const issue of checkParamsShape(settings).issues)
    ctx.report.error(
      issue.code,
      issue.path ? `exam.${issue.path}` : "exam",
      `the file's exam settings: ${issue.message}`,
    );
}

/** Checks HTML given for the new exam's description (from the file or the `exam` param) with its media. */
export async function checkExamDescription(
  ctx: OpContext,
  html: string,
  resources: Record<string, string>,
  tooLarge: Issue[],
): Promise<PreparedContent | null> {
  const part = await checkedPart(
    ctx,
    (issue) => issue,
    tooLarge,
    (sub) => prepareContent(sub, [{ path: "exam.description", kind: "description", html }], [], resources),
  );
  return part.value;
}
