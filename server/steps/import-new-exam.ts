// The exam an import creates (contract 13.2.2): its columns from the file's settings and the
// `exam` param, its description checked with the file's media, its blueprint; and what a dry run
// answers for it.
import type { DomainWanted } from "../data/domains";
import { examToApi, type ExamColumns, type ExamRow } from "../data/exams";
import type { Issue } from "../errors";
import { FORMATS, type FormatId, type ImportPlan } from "../formats/types";
import type { ExamImportParams } from "../schemas/import-export";
import type { PreparedContent } from "./content";
import type { OpContext } from "../operation";
import { applyExamFields, examBaseFromSettings, REQUIRED_EXAM_FIELDS } from "./exam-fields";
import { checkExamDescription, checkSettingsShape } from "./import-items";
import { newExamBlueprint } from "./import-domains";
import type { ImportedExam } from "./import-result";

/** The exam an import creates: its columns, its description's content, its blueprint. */
export interface NewExam {
  columns: ExamColumns;
  description: PreparedContent | null;
  domains: DomainWanted[];
}

/**
 * The new exam's columns (contract 13.2.2): the file's settings, the `exam` param's fields over
 * them (as an examUpdate over the file's), its description checked with the file's media.
 * Required fields neither gives are errors at `exam.<field>`.
 */
export async function newExamColumns(
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
export function wouldBeExam(columns: ExamColumns, questionCount: number): ImportedExam {
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
