// An import's file read (contract 13.1): decoded within its limit, its format given or recognised,
// and the format's plan of it, parsed by an import worker in its workspace's turn; a sheet in
// other columns answers its header instead in a dry run.
import { AppError, invalidParams } from "../errors";
import { formatBytes } from "../format-bytes";
import { decodeBase64 } from "../media/base64";
import { mayExceed } from "./content";
import { recognizeFormat } from "../formats/recognize";
import { formatModule, unavailableFormat } from "../formats/registry";
import { fileIssue } from "../formats/shared";
import { FORMATS, type FormatId, type ImportPlan } from "../formats/types";
import { guessColumns } from "../formats/column-guess";
import type { ExamImportParams } from "../schemas/import-export";
import type { OpContext } from "../operation";
import type { ColumnsNeeded } from "./import-result";

/** The formats whose files are sheets of columns: the ones a `columns` mapping applies to. */
export const SHEET_FORMATS: readonly FormatId[] = ["csv", "xlsx"];

/** The file decoded, its format (given or recognised) and the format's plan of it; `lane` takes turns for an import worker. */
export async function readImportFile(
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
