import type { Db } from "@/db/client";
import { recordAudit } from "../data/audit";
import type { CaseStudyRow } from "../data/case-studies";
import { createCaseStudyRecorded } from "../steps/case-study-write";
import { domainsOf, replaceDomains, type DomainRow, type DomainWanted } from "../data/domains";
import { caseStudiesOfExam } from "../data/exam-content";
import {
  examToApi,
  getExamOrThrow,
  insertExam,
  returnExamToDraft,
  updateExam,
  type ExamColumns,
  type ExamRow,
} from "../data/exams";
import { insertMedia } from "../data/media";
import { isPgError, PG_ERROR } from "../data/pg-errors";
import { insertQuestionsBulk } from "../data/question-bulk-insert";
import type { NewQuestion } from "../data/question-insert";
import { questionsByExternalId } from "../data/questions";
import { callerWorkspace } from "../data/workspaces";
import { AppError, invalidParams, type Issue } from "../errors";
import { recognizeFormat } from "../formats/recognize";
import { formatModule, unavailableFormat } from "../formats/registry";
import { fileIssue, itemPath } from "../formats/shared";
import { FORMATS, type FormatId, type ImportPlan } from "../formats/types";
import { guessColumns } from "../formats/column-guess";
import { inspectObjectParam, unknownFieldsWarning } from "../schemas/common";
import { EXAM_INPUT_KEYS } from "../schemas/exam";
import { examImportParams, type ExamImportParams } from "../schemas/import-export";
import type { PreparedContent } from "../steps/content";
import { defineOperation, type OpContext } from "../operation";
import { applyExamFields, examBaseFromSettings, REQUIRED_EXAM_FIELDS } from "../steps/exam-fields";
import {
  checkCaseStudies,
  checkExamDescription,
  checkItems,
  checkSettingsShape,
  decodeImportFile,
  importContext,
  type CheckedCaseStudy,
  type CheckedItem,
} from "../steps/import-items";
import type { PreparedQuestion } from "../steps/question-content";
import { replaceQuestion } from "../steps/question-write";
import { resolveExtensions, withDomains } from "../steps/blueprint";
import {
  domainLookup,
  domainsToAdd,
  itemDomainId,
  newExamBlueprint,
  reportAddedDomains,
  reportUnknownDomains,
  type DomainLookup,
  type ExamDomain,
} from "../steps/import-domains";
import { checkExternalIds, resolveCaseStudies, skipInvalidItems } from "../steps/import-item-rules";
import { ctxTransaction } from "../steps/transaction";
import { storeFilesOnce, UNCHANGED_ITEM, unchangedQuestions } from "../steps/unchanged";

type ItemStatus = "created" | "updated" | "skipped";

/** The formats whose files are sheets of columns: the ones a `columns` mapping applies to. */
const SHEET_FORMATS: readonly FormatId[] = ["csv", "xlsx"];

/** One item of the result (contract 13.2). */
export interface ImportedItem {
  ref: string;
  status: ItemStatus;
  /** The question created, updated or matched and left as it was; null for one a dry run would create, or an item of a kind the project cannot represent. */
  question_id: number | null;
  type: number | null;
  warnings: string[];
}

/** The exam object of examGet; in a dry run that would create it, without the id and times it does not have yet. */
export type ImportedExam = Omit<ReturnType<typeof examToApi>, "id" | "created_at" | "updated_at"> & {
  id: number | null;
  created_at: string | null;
  updated_at: string | null;
};

/** A dry run's answer for a sheet whose header is not the template's, sent without `columns` (contract 13.3 point 4). */
export interface ColumnsNeeded {
  /** The file's header row (the likely one: see server/formats/sheet-columns.ts). */
  header: string[];
  /** A guess of the mapping from the names (server/formats/column-guess.ts). */
  guesses: Record<string, string>;
}

export interface ImportResult {
  exam: ImportedExam;
  created: number;
  updated: number;
  skipped: number;
  items: ImportedItem[];
  /** Only in a dry run of a CSV or XLSX whose header is not the template's, sent without columns. */
  columns_needed?: ColumnsNeeded;
}

const EXAM_FIELD_KEYS = EXAM_INPUT_KEYS.filter((k) => k !== "id");
const IMPORT_PARAM_KEYS = [
  "file",
  "format",
  "exam_id",
  "test_id",
  "exam",
  "on_existing",
  "on_invalid",
  "columns",
  "dry_run",
];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const examImport = defineOperation({
  method: "exam.examImport",
  access: "write",
  summary:
    "Import a file (an Exam Studio archive, a QTI 3.0 package, Moodle XML, GIFT, Aiken or CSV) into an existing exam or as a new one, all or nothing; dry_run answers what it would do.",
  result: {
    exam: "The exam imported into, as stored after the call (in a dry run: the target exam as it is, or the exam that would be created, with id, created_at and updated_at null).",
    created: "How many questions were (or would be) created.",
    updated: "How many existing questions were (or would be) updated, matched by external id: those the item changes.",
    skipped:
      "How many items were (or would be) left out: matched with on_existing skip, matched by a question that is already as the item has it (a warning says so), or of a kind the project cannot represent.",
    items:
      "Every item of the file in file order: ref (how the file names it), status (created, updated or skipped), question_id (null for one a dry run would create), type, warnings (strings).",
    columns_needed:
      "Only in a dry run of a CSV or XLSX whose header is not the template's, sent without columns: header (the file's column names) and guesses (a columns mapping guessed from the names, to confirm or change and send back as columns); items is then empty, and exam is the target exam, or the one the params would create.",
  },
  params: examImportParams,
  inspect: (raw) => [
    ...[
      unknownFieldsWarning(raw, IMPORT_PARAM_KEYS, ""),
      unknownFieldsWarning(isRecord(raw) ? raw.file : undefined, ["base64", "name", "content_type"], "file"),
    ].filter((w) => w !== null),
    ...inspectObjectParam("exam", EXAM_FIELD_KEYS)(raw),
  ],
  async run(ctx, params): Promise<ImportResult> {
    if (params.exam_id !== undefined && params.exam !== undefined) {
      throw invalidParams([
        {
          code: "conflict",
          path: "exam",
          message: "send exam_id to import into an existing exam, or exam to create a new one, not both",
        },
      ]);
    }
    // Access first (-32004, -32003), before the file is read.
    const target =
      params.exam_id !== undefined ? await getExamOrThrow(ctx.db, ctx, params.exam_id, { path: "exam_id" }) : null;
    const workspaceId = target ? null : await callerWorkspace(ctx.db, ctx);

    // A large file waits for an import worker in the turn of the workspace it goes into.
    const read = await readFile(ctx, params, `workspace ${target?.workspaceId ?? workspaceId}`);
    if ("columnsNeeded" in read) return columnsNeededResult(ctx, params, target, read.format, read.columnsNeeded);
    const { format, plan } = read;
    for (const w of plan.warnings) ctx.report.warn("import_loss", "file", w);
    if (target && plan.exam)
      ctx.report.warn(
        "settings_ignored",
        "file",
        `the file's exam settings were ignored: the questions go into exam ${target.id}, which keeps its own`,
      );

    const ictx = importContext(ctx);
    const tooLarge: Issue[] = [];
    const caseStudies = await checkCaseStudies(ictx, plan, tooLarge);
    const items = await checkItems(ictx, plan, tooLarge, params.on_invalid);
    if (tooLarge.length > 0) throw new AppError("too_large", { issues: tooLarge });

    const existing = target ? await existingContent(ctx, target.id) : noContent();
    checkExternalIds(ctx, items);
    const caseStudyNames = resolveCaseStudies(ctx, caseStudies, existing.caseStudies, items);
    if (params.on_invalid === "skip") skipInvalidItems(ctx, items);
    // The domains the import adds to the exam's blueprint (contract 15.3), and the domain of each
    // code the items name. Decided again in the transaction, on the locked rows, as is what is
    // unchanged; these reads say what a dry run answers and which files to store before it.
    const adding = target ? domainsToAdd(plan, existing.domains) : null;
    const targetLookup = target ? domainLookup(plan.domains, withAdded(existing.domains, adding!.added)) : null;
    const unchanged = target
      ? await unchangedMatches(ctx.db, target.id, items, existing, targetLookup!, params.on_existing, false)
      : new Set<number>();
    const statuses = decide(items, existing.matches, params.on_existing, unchanged);
    const creating = statuses.filter((s) => s.status === "created" && s.item.prepared).length;

    let newExam: NewExam | null = null;
    if (!target) {
      newExam = await newExamColumns(ictx, params, plan, format, creating, tooLarge);
      if (tooLarge.length > 0) throw new AppError("too_large", { issues: tooLarge });
    }
    // Each item's domain by code among the exam's domains (contract 15.3).
    if (target) reportAddedDomains(ctx, adding!, `exam ${target.id}`);
    reportUnknownDomains(
      ctx,
      items,
      targetLookup ?? domainLookup(plan.domains, newExam?.domains ?? []),
      target ? `exam ${target.id}` : "the new exam",
    );
    ctx.report.throwIfErrors();

    if (params.dry_run) {
      return {
        exam: target ? examToApi(target) : wouldBeExam(newExam!.columns, creating),
        ...counts(statuses),
        items: statuses.map((decision) => resultItem(ctx, decision)),
      };
    }

    // Every check has passed: the files first (of what is written: not those of a case study the
    // exam has, or of an item skipped), then one transaction for all the rows.
    await newExam?.description?.storeFiles();
    for (const cs of caseStudies) if (caseStudyNames.has(cs.plan.name)) await cs.content?.storeFiles();
    const itemFiles = new Map(
      items.map((item) => [item.index, item.prepared && storeFilesOnce(item.prepared.content)]),
    );
    for (const { item, status } of statuses) if (status !== "skipped") await itemFiles.get(item.index)?.();

    try {
      return await ctxTransaction(ctx, (tx) =>
        write(ctx, tx, {
          params,
          plan,
          format,
          target,
          workspaceId,
          newExam,
          caseStudies,
          caseStudyNames,
          items,
          itemFiles,
        }),
      );
    } catch (error) {
      if (isPgError(error, PG_ERROR.uniqueViolation, "question_exam_external_idx")) {
        throw invalidParams([
          {
            code: "external_id_taken",
            path: "file",
            message:
              "another write gave a question of the exam an external id of the file while it was imported; nothing was stored, import the file again",
          },
        ]);
      }
      throw error;
    }
  },
});

/** The file decoded, its format (given or recognised) and the format's plan of it; `lane` takes turns for an import worker. */
async function readFile(
  ctx: OpContext,
  params: ExamImportParams,
  lane: string,
): Promise<{ format: FormatId; plan: ImportPlan } | { format: FormatId; columnsNeeded: ColumnsNeeded }> {
  const bytes = decodeImportFile(params.file.base64, ctx.limits.importBytes);
  let format = params.format;
  if (format === undefined) {
    const recognized = recognizeFormat(bytes);
    if (!recognized.ok) throw invalidParams([recognized.issue]);
    format = recognized.format;
  }
  const reader = formatModule(format, "import");
  if (!reader)
    throw invalidParams([unavailableFormat(format, "import", params.format === undefined ? "file" : "format")]);
  if (params.columns !== undefined && !SHEET_FORMATS.includes(format))
    throw invalidParams([
      {
        code: "invalid_value",
        path: "columns",
        message: `names the columns of a CSV or XLSX file; this file is ${FORMATS[format].name} (${format}), which has none`,
      },
    ]);
  const options = {
    maxItems: ctx.limits.importQuestions,
    maxBytes: ctx.limits.importBytes,
    ...(params.columns !== undefined ? { columns: params.columns } : {}),
  };
  const parsed = await ctx.parser.parseImport({ format, bytes, options }, lane);
  // A sheet in other columns: a dry run answers its header and a guess of the mapping.
  if (!parsed.ok && parsed.header !== undefined && params.dry_run)
    return { format, columnsNeeded: { header: parsed.header, guesses: { ...guessColumns(parsed.header) } } };
  if (!parsed.ok) {
    // A package that inflates beyond the import limit is too large (-32013), as the file itself would be.
    if (parsed.issues.some((issue) => issue.code === "too_large"))
      throw new AppError("too_large", { issues: parsed.issues });
    throw invalidParams(parsed.issues);
  }
  const { plan } = parsed;
  if (plan.items.length > ctx.limits.importQuestions) {
    throw invalidParams([
      fileIssue(
        "too_many",
        `holds ${plan.items.length} items; at most ${ctx.limits.importQuestions} can be imported at once`,
      ),
    ]);
  }
  return { format, plan };
}

/**
 * A dry run's answer for a sheet in other columns: no items yet, the file's header and the guessed
 * mapping; the exam is the target, or the one the params would create (its fields checked as
 * for any file without settings).
 */
async function columnsNeededResult(
  ctx: OpContext,
  params: ExamImportParams,
  target: ExamRow | null,
  format: FormatId,
  columnsNeeded: ColumnsNeeded,
): Promise<ImportResult> {
  let exam: ImportedExam;
  if (target) exam = examToApi(target);
  else {
    const tooLarge: Issue[] = [];
    const empty: ImportPlan = { exam: null, caseStudies: [], items: [], warnings: [] };
    const { columns } = await newExamColumns(importContext(ctx), params, empty, format, 0, tooLarge);
    if (tooLarge.length > 0) throw new AppError("too_large", { issues: tooLarge });
    ctx.report.throwIfErrors();
    exam = wouldBeExam(columns, 0);
  }
  return { exam, created: 0, updated: 0, skipped: 0, items: [], columns_needed: columnsNeeded };
}

/** The target exam's questions by external id, its case studies and its domains. */
async function existingContent(ctx: OpContext, examId: number): Promise<ExistingContent> {
  return {
    matches: await questionsByExternalId(ctx.db, examId),
    caseStudies: await caseStudiesOfExam(ctx.db, examId),
    domains: await domainsOf(ctx.db, examId),
  };
}

/** What a new exam has before the import. */
function noContent(): ExistingContent {
  return { matches: new Map(), caseStudies: [], domains: [] };
}

interface ExistingContent {
  matches: ReadonlyMap<string, { id: number; type: number }>;
  caseStudies: CaseStudyRow[];
  domains: DomainRow[];
}

/** The exam an import creates: its columns, its description's content, its blueprint. */
interface NewExam {
  columns: ExamColumns;
  description: PreparedContent | null;
  domains: DomainWanted[];
}

/** The exam's case studies by name, the first of a name (contract 13.2.5). */
function caseStudyIdsByName(caseStudies: CaseStudyRow[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const cs of caseStudies) if (!ids.has(cs.name)) ids.set(cs.name, cs.id);
  return ids;
}

/**
 * The item's question as the import writes it: in the case study of its name, and in the domain of
 * its code (undefined: the file does not say, so an update keeps the question's domain).
 */
function placed(
  prepared: PreparedQuestion,
  caseStudyId: number | null,
  domainId: number | null | undefined,
): PreparedQuestion {
  return {
    ...prepared,
    columns: { ...prepared.columns, caseStudyId, ...(domainId === undefined ? {} : { domainId }) },
  };
}

/** The exam's domains, then those the import adds, with ids below 0 until they are stored (no stored question has one). */
function withAdded(domains: readonly DomainRow[], added: readonly DomainWanted[]): ExamDomain[] {
  return [...domains, ...added.map((d, k) => ({ ...d, id: -(k + 1) }))];
}

/**
 * The matched questions that an update from their item would leave as stored (contract 13.2.5:
 * importing the same file again changes nothing; docs/decisions.md, "An import that changes
 * nothing"). An item whose case study the exam does not have yet changes its question.
 */
async function unchangedMatches(
  db: Db,
  examId: number,
  items: CheckedItem[],
  existing: ExistingContent,
  domains: DomainLookup,
  onExisting: "update" | "skip",
  lock: boolean,
): Promise<Set<number>> {
  if (onExisting === "skip") return new Set();
  const caseStudyIds = caseStudyIdsByName(existing.caseStudies);
  const updates = new Map<number, PreparedQuestion>();
  for (const item of items) {
    const match = item.externalId === null ? undefined : existing.matches.get(item.externalId);
    const caseStudyId = item.caseStudy === null ? null : caseStudyIds.get(item.caseStudy);
    if (match && item.prepared && caseStudyId !== undefined)
      updates.set(match.id, placed(item.prepared, caseStudyId, itemDomainId(item, domains)));
  }
  return unchangedQuestions(db, examId, updates, lock);
}

interface Decision {
  item: CheckedItem;
  status: ItemStatus;
  /** The question of the target exam its external id matches. */
  matched: number | null;
  /** Skipped because the matched question is already as the item has it. */
  unchanged: boolean;
}

/**
 * Created, updated or skipped (contract 13.2.4, 13.2.5), by the target exam's questions as
 * `matches` has them; a match in `unchanged` is skipped, as an update would change nothing.
 */
function decide(
  items: CheckedItem[],
  matches: ReadonlyMap<string, { id: number }>,
  onExisting: "update" | "skip",
  unchanged: ReadonlySet<number>,
): Decision[] {
  return items.map((item) => {
    if (item.prepared === null) return { item, status: "skipped", matched: null, unchanged: false };
    const match = item.externalId === null ? undefined : matches.get(item.externalId);
    if (!match) return { item, status: "created", matched: null, unchanged: false };
    const same = unchanged.has(match.id);
    const status = onExisting === "update" && !same ? "updated" : "skipped";
    return { item, status, matched: match.id, unchanged: same };
  });
}

function counts(decisions: Decision[]) {
  const n = (status: ItemStatus) => decisions.filter((d) => d.status === status).length;
  return { created: n("created"), updated: n("updated"), skipped: n("skipped") };
}

/** The item's line of the result; an unchanged one's warning goes into the envelope too, at the item. */
function resultItem(ctx: OpContext, { item, status, matched, unchanged }: Decision): ImportedItem {
  const warnings = [...item.warnings];
  if (unchanged) {
    ctx.report.warn("unchanged", itemPath(item.index), `${item.ref}: ${UNCHANGED_ITEM}`);
    warnings.push(UNCHANGED_ITEM);
  }
  return { ref: item.ref, status, question_id: status === "created" ? null : matched, type: item.type, warnings };
}

/**
 * The new exam's columns (contract 13.2.2): the file's settings, the `exam` param's fields over
 * them (as an examUpdate over the file's), its description checked with the file's media.
 * Required fields neither gives are errors at `exam.<field>`.
 */
async function newExamColumns(
  ctx: OpContext,
  params: ExamImportParams,
  plan: ImportPlan,
  format: FormatId,
  questionCount: number,
  tooLarge: Issue[],
) {
  const input = params.exam ?? {};
  const settings = plan.exam?.settings ?? {};
  if (plan.exam === null && params.exam === undefined) {
    ctx.report.error(
      "required",
      "exam",
      `the file (${FORMATS[format].name}) holds no exam settings: send exam with at least ${REQUIRED_EXAM_FIELDS.join(", ")} to create an exam, or exam_id to import into one`,
    );
    const { questionCount: _n, ...columns } = examBaseFromSettings({}, questionCount);
    return { columns, description: null, domains: [] };
  }
  checkSettingsShape(ctx, settings);
  for (const field of REQUIRED_EXAM_FIELDS) {
    if (input[field] === undefined && settings[field] === undefined) {
      ctx.report.error("required", `exam.${field}`, "is required: neither exam nor the file gives it");
    }
  }
  const fromParams = input.description !== undefined;
  const html = fromParams ? input.description! : (settings.description ?? "");
  const description =
    html === ""
      ? null
      : await checkExamDescription(ctx, html, fromParams ? {} : (plan.exam?.resources ?? {}), tooLarge);
  const cleaned = html === "" ? "" : (description?.html.get("exam.description") ?? "");
  const columns = applyExamFields(
    ctx,
    examBaseFromSettings(settings, questionCount),
    { ...input, description: undefined },
    cleaned,
  );
  return { columns, description, domains: newExamBlueprint(ctx, input.domains, plan.domains) };
}

/** What a dry run answers for the exam it would create. */
function wouldBeExam(columns: ExamColumns, questionCount: number): ImportedExam {
  const now = new Date();
  const row: ExamRow = {
    ...columns,
    id: 0,
    ownerId: "",
    workspaceId: 0,
    status: "draft",
    questionCount,
    nextPosition: questionCount + 1,
    createdAt: now,
    updatedAt: now,
    version: 1,
    versionBy: null,
    versionAt: now,
  };
  return { ...examToApi(row), id: null, created_at: null, updated_at: null };
}

interface WriteInput {
  params: ExamImportParams;
  plan: ImportPlan;
  format: FormatId;
  target: ExamRow | null;
  workspaceId: number | null;
  newExam: NewExam | null;
  caseStudies: CheckedCaseStudy[];
  caseStudyNames: Set<string>;
  items: CheckedItem[];
  /** Each item's files, stored once: before the transaction, or in it when it is written after all. */
  itemFiles: ReadonlyMap<number, (() => Promise<void>) | null>;
}

/** The import's one transaction (contract 13.2.3): the exam, its new case studies, the questions in file order, the history. */
async function write(ctx: OpContext, tx: Db, input: WriteInput): Promise<ImportResult> {
  const { params, target, newExam } = input;
  let examId: number;
  let existing: ExistingContent;
  let added = 0;
  if (target) {
    // The exam row lock: the matching below sees what every other write left, and none comes between.
    examId = (await getExamOrThrow(tx, ctx, target.id, { forUpdate: true, path: "exam_id" })).id;
    existing = await existingContent({ ...ctx, db: tx }, examId);
    // The categories the exam lacks join its blueprint: a change of the exam, a new version.
    const adding = domainsToAdd(input.plan, existing.domains);
    if (adding.added.length > 0) {
      const kept = existing.domains.map((d) => ({ id: d.id, code: d.code, name: d.name, weight: d.weight }));
      await replaceDomains(tx, examId, [...kept, ...adding.added]);
      await updateExam(tx, examId, {}, ctx.actor.userId);
      existing.domains = await domainsOf(tx, examId);
      added = adding.added.length;
    }
  } else {
    const row = await insertExam(tx, ctx.actor.userId, input.workspaceId!, newExam!.columns);
    await insertMedia(tx, newExam!.description?.mediaRows ?? []);
    examId = row.id;
    existing = noContent();
    await replaceDomains(tx, examId, newExam!.domains);
    existing.domains = await domainsOf(tx, examId);
  }
  const domains = domainLookup(input.plan.domains, existing.domains);
  const unchanged = target
    ? await unchangedMatches(tx, examId, input.items, existing, domains, params.on_existing, true)
    : new Set<number>();
  const decisions = decide(input.items, existing.matches, params.on_existing, unchanged);
  const tally = counts(decisions);
  const inExam = new Set(existing.caseStudies.map((cs) => cs.name));
  const toCreate = input.caseStudies.filter(
    (cs, i, all) =>
      input.caseStudyNames.has(cs.plan.name) &&
      !inExam.has(cs.plan.name) &&
      all.findIndex((o) => o.plan.name === cs.plan.name) === i,
  );
  // Into an exam, an import may write nothing: every item skipped, or matched by a question
  // that is already as the item has it.
  const writes = !target || tally.created > 0 || tally.updated > 0 || toCreate.length > 0 || added > 0;
  if (target && writes) await returnExamToDraft(tx, ctx, examId);

  // Case studies by name: the exam's own (the first of a name), then the ones created now.
  const caseStudyIds = caseStudyIdsByName(existing.caseStudies);
  for (const cs of toCreate) {
    await insertMedia(tx, cs.content!.mediaRows);
    const row = await createCaseStudyRecorded(tx, ctx, examId, {
      name: cs.plan.name,
      description: cs.content!.html.get(`case_studies[${cs.index}].description`)!,
    });
    caseStudyIds.set(row.name, row.id);
  }

  // Updates in file order; the new questions together at the end, in file order, in a few
  // multi-row statements (their ids filled into the result after).
  const items: ImportedItem[] = [];
  const creates: { at: number; question: Omit<NewQuestion, "examId"> }[] = [];
  for (const decision of decisions) {
    const { item, status, matched } = decision;
    if (status === "skipped" || !item.prepared) {
      items.push(resultItem(ctx, decision));
      continue;
    }
    const caseStudyId = item.caseStudy === null ? null : caseStudyIds.get(item.caseStudy);
    if (caseStudyId === undefined) {
      // The exam's case study of that name was deleted after the checks.
      throw invalidParams([
        {
          code: "not_found",
          path: itemPath(item.index, "case_study"),
          message: `${item.ref}: the case study ${JSON.stringify(item.caseStudy)} is no longer in the exam`,
        },
      ]);
    }
    const prepared = placed(item.prepared, caseStudyId, itemDomainId(item, domains));
    // Still before the commit (contract 8.7), for an item the read before the transaction skipped.
    await input.itemFiles.get(item.index)?.();
    if (status === "updated") {
      await replaceQuestion(ctx, tx, matched!, examId, prepared, async () => {});
    } else {
      // A new question: without a domain or tags unless the file gives them, and the copy it
      // was made from as the file records it (the Exam Studio archive carries it, contract 15.3).
      const { columns } = resolveExtensions(prepared, null, examId);
      const copied = item.copiedFrom;
      creates.push({
        at: items.length,
        question: {
          columns: {
            ...columns,
            ...(copied
              ? {
                  copiedFromQuestionId: copied.question_id,
                  copiedFromExamId: copied.exam_id,
                  copiedFromVersion: copied.version,
                }
              : {}),
          },
          answers: prepared.answers,
          media: prepared.content.mediaRows,
        },
      });
    }
    items.push(resultItem(ctx, decision));
  }
  const ids = await insertQuestionsBulk(
    tx,
    ctx,
    examId,
    creates.map((c) => c.question),
  );
  creates.forEach((c, k) => (items[c.at]!.question_id = ids[k]!));

  const row = await getExamOrThrow(tx, ctx, examId, { path: "exam_id" });
  const view = examToApi(row);
  const summary = {
    file: params.file.name ?? null,
    format: input.format,
    ...tally,
    case_studies_created: toCreate.length,
    ...(added > 0 ? { domains_added: added } : {}),
  };
  // One entry for the import, naming the file and the counts (contract 13.2.9); for a new exam it
  // is also the exam's first version, as examCreate's entry is, and for an exam whose blueprint
  // it extended, that new version. An import that writes nothing leaves no entry, as a save that
  // changes nothing leaves none.
  if (writes) {
    const version = !target || added > 0;
    await recordAudit(tx, ctx.actor, {
      method: ctx.method,
      objectType: "exam",
      objectId: examId,
      examId,
      snapshot: version ? { ...withDomains(view, existing.domains), import: summary } : { import: summary },
      ...(version ? { version: row.version } : {}),
    });
  }
  return { exam: view, ...tally, items };
}
