import { examToApi, getExamOrThrow, type ExamRow } from "../data/exams";
import { isPgError, PG_ERROR } from "../data/pg-errors";
import { callerWorkspace } from "../data/workspaces";
import { AppError, invalidParams, type Issue } from "../errors";
import type { FormatId, ImportPlan } from "../formats/types";
import { inspectObjectParam, unknownFieldsWarning } from "../schemas/common";
import { EXAM_INPUT_KEYS } from "../schemas/exam";
import { examImportParams, type ExamImportParams } from "../schemas/import-export";
import { defineOperation, type OpContext } from "../operation";
import { importContext } from "../steps/import-context";
import { checkCaseStudies, checkItems } from "../steps/import-items";
import { domainLookup, domainsToAdd, reportAddedDomains, reportUnknownDomains } from "../steps/import-domains";
import { checkExternalIds, resolveCaseStudies, skipInvalidItems } from "../steps/import-item-rules";
import { ctxTransaction } from "../steps/transaction";
import { storeFilesOnce } from "../steps/unchanged";
import { readImportFile } from "../steps/import-file";
import {
  counts,
  decide,
  existingContent,
  noContent,
  resultItem,
  unchangedMatches,
  withAdded,
} from "../steps/import-decisions";
import { newExamColumns, wouldBeExam, type NewExam } from "../steps/import-new-exam";
import type { ColumnsNeeded, ImportedExam, ImportResult } from "../steps/import-result";
import { writeImport } from "../steps/import-write";

export type { ImportedExam, ImportedItem, ImportResult } from "../steps/import-result";

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
    const read = await readImportFile(ctx, params, `workspace ${target?.workspaceId ?? workspaceId}`);
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
        writeImport(ctx, tx, {
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
