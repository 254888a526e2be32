// The steps of exam.examImport that every format shares, before anything is written: each item
// and case study of the plan checked exactly as questionCreate and caseStudyCreate check theirs
// (the params schema, the HTML and media of contract 8 and 9, the per-type rules of contract 7),
// every problem reported at `items[i]…` (or `case_studies[i]…`) with a message that names the
// item as the file does.
import { AppError, Report, type Issue } from "../errors";
import { checkParamsShape } from "../schemas/params-shape";
import { questionCreateParams, questionParamsWarnings } from "../schemas/question";
import { parseWith } from "../schemas/zod-issues";
import { itemPath } from "../formats/shared";
import { repairItem } from "../formats/item-repairs";
import type { CopiedFrom, ImportPlan, ItemParams, PlanCaseStudy } from "../formats/types";
import type { ImageSize } from "../domain/areas";
import { mayExceed, prepareContent, resourcePath, type PreparedContent } from "./content";
import type { OpContext } from "../operation";
import { explainQuestionParams, prepareQuestion, type PreparedQuestion } from "./question-content";

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
  // Its details stay (the limit it breaks), so that the app's dialog can word it from them.
  const moved: Issue = {
    code: issue.code,
    path: itemPath(index, issue.path),
    message: `${ref}: ${describedAt(issue)}`,
  };
  return issue.details ? { ...moved, details: issue.details } : moved;
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

/** What one check of a part found, before it is moved into the call's report. */
interface PartResult<T> {
  value: T | null;
  errors: Issue[];
  warnings: Issue[];
  failed: boolean;
}

/**
 * Runs `check` with a report of its own. A file over a size limit (-32013) is collected in
 * `tooLarge` (under `place(path)`); media the caller may not reach is an error of the part (the
 * file lacks it), not a -32004 of the whole call.
 */
async function runPart<T>(
  ctx: OpContext,
  place: (issue: Issue) => Issue,
  tooLarge: Issue[],
  check: (sub: OpContext) => Promise<T>,
): Promise<PartResult<T>> {
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
    if (error.kind === "too_large") return { value: null, errors: [], warnings: [], failed: true };
  }
  const errors = sub.report.errors.map((e) =>
    e.code === "media_missing" ? { ...e, message: missingMedia(e.message) } : e,
  );
  return { value: sub.report.ok ? value : null, errors, warnings: sub.report.warnings, failed: !sub.report.ok };
}

/** Moves a part's errors and warnings into the call's report, under `place(path)` and naming the item. */
function commitPart<T>(ctx: OpContext, place: (issue: Issue) => Issue, part: PartResult<T>): void {
  for (const e of part.errors) {
    const placed = place(e);
    ctx.report.error(placed.code, placed.path, placed.message);
  }
  for (const w of part.warnings) {
    const placed = place(w);
    ctx.report.warn(placed.code, placed.path, placed.message);
  }
}

/** runPart, its findings moved into the call's report at once. */
async function checkedPart<T>(
  ctx: OpContext,
  place: (issue: Issue) => Issue,
  tooLarge: Issue[],
  check: (sub: OpContext) => Promise<T>,
): Promise<PartResult<T>> {
  const part = await runPart(ctx, place, tooLarge, check);
  commitPart(ctx, place, part);
  return part;
}

/** What to do with an item that still breaks a rule after its repairs (contract 13.3 point 2). */
export type OnInvalid = "fail" | "skip";

/** The first of the warnings of an item skipped because it breaks a rule. */
export const INVALID_ITEM = "not imported: it breaks the rules below, and on_invalid is skip";

/**
 * The media paths an item's HTML names that neither its file nor the workspace holds, as its
 * check found them (`media_missing` at an HTML field; an image question's image cannot be
 * repaired away).
 */
function missingHtmlMedia(errors: readonly Issue[]): Set<string> {
  const paths = new Set<string>();
  for (const e of errors) {
    if (e.code !== "media_missing" || e.path.endsWith("properties.image")) continue;
    const quoted = /^media ("(?:[^"\\]|\\.)*")/.exec(e.message)?.[1];
    if (quoted) paths.add(JSON.parse(quoted) as string);
  }
  return paths;
}

/**
 * The errors of an item whose image the file names but does not carry, without those of its
 * areas' geometry: areas are fitted to the image's pixels (item-repairs.ts), which an absent
 * image does not have, so a too small area is no mistake of the file, and the missing image is
 * the one thing to fix.
 */
function withoutUnfittedAreas(errors: Issue[]): Issue[] {
  if (!errors.some((e) => e.code === "media_missing" && e.path.endsWith("properties.image"))) return errors;
  return errors.filter((e) => !/properties\.areas\[\d+\]\.(x|y|width|height)$/.test(e.path));
}

/** The pixels of the item's image when the file carries it (checked once: the call's parser keeps the result). */
async function imageSizeOf(ctx: OpContext, params: ItemParams): Promise<ImageSize | null> {
  const image = (params.question.properties as { image?: unknown } | undefined)?.image;
  const resources = params.resources ?? {};
  if (typeof image !== "string" || !Object.hasOwn(resources, image)) return null;
  const base64 = resources[image]!;
  if (mayExceed(base64, ctx.limits.resourceBytes)) return null;
  const [checked] = await ctx.parser.checkResources([
    { key: image, path: resourcePath(image), base64, maxBytes: ctx.limits.resourceBytes },
  ]);
  return checked?.ok && checked.dims ? checked.dims : null;
}

/** Checks one item's params as questionCreate checks a question; nothing is moved into the call's report. */
async function checkParams(
  ctx: OpContext,
  params: ItemParams,
  place: (issue: Issue) => Issue,
  tooLarge: Issue[],
): Promise<{ part: PartResult<PreparedQuestion | null>; externalId: string | null }> {
  const { question, answers, resources } = params;
  // exam_id is the import's to decide; the schema wants one, and nothing below reads it.
  const raw = {
    question: { ...question, exam_id: 1 },
    ...(answers ? { answers } : {}),
    ...(resources ? { resources } : {}),
  };
  let externalId: string | null = null;
  const part = await runPart(ctx, place, tooLarge, async (sub) => {
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
  return { part, externalId };
}

/**
 * Checks every item of the plan as questionCreate checks a question, after the repairs of
 * contract 13.3 point 1; nothing is written. With `onInvalid` skip, an item that still breaks a
 * rule is skipped: its problems become its warnings, at their paths.
 */
export async function checkItems(
  ctx: OpContext,
  plan: ImportPlan,
  tooLarge: Issue[],
  onInvalid: OnInvalid = "fail",
): Promise<CheckedItem[]> {
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
    const context = { imageSize: await imageSizeOf(ctx, item.params), imageShown: item.imageShown ?? null };
    let repaired = repairItem(item.params, context);
    let { part, externalId } = await checkParams(ctx, repaired.params, place, tooLarge);
    const missing = missingHtmlMedia(part.errors);
    if (missing.size > 0) {
      // Media the file names but does not carry: the references go, and the item is checked again.
      repaired = repairItem(item.params, { ...context, missingMedia: missing });
      ({ part, externalId } = await checkParams(ctx, repaired.params, place, tooLarge));
    }
    part = { ...part, errors: withoutUnfittedAreas(part.errors) };
    for (const w of repaired.warnings) {
      const placed = place(w);
      ctx.report.warn(placed.code, placed.path, placed.message, placed.details);
    }
    const skipInvalid = onInvalid === "skip" && part.errors.length > 0;
    if (skipInvalid) {
      // Its problems are its warnings, at their paths; nothing of it is stored.
      ctx.report.warn("item_invalid", itemPath(index), `${item.ref}: ${INVALID_ITEM}`);
      commitPart(ctx, place, { ...part, errors: [] });
      for (const e of part.errors) {
        const placed = place(e);
        ctx.report.warn(placed.code, placed.path, placed.message, placed.details);
      }
    } else commitPart(ctx, place, part);
    checked.push({
      index,
      ref: item.ref,
      type: typeof item.params.question.type === "number" ? item.params.question.type : null,
      externalId: skipInvalid ? null : externalId,
      caseStudy: item.caseStudy,
      domain: item.domain,
      copiedFrom: item.copiedFrom ?? null,
      prepared: skipInvalid ? null : part.value,
      warnings: [
        ...item.warnings,
        ...repaired.warnings.map(describedAt),
        ...part.warnings.map(describedAt),
        ...(skipInvalid ? [INVALID_ITEM, ...part.errors.map(describedAt)] : []),
      ],
      failed: part.failed && !skipInvalid,
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
