// Params of exam.examExport and exam.examImport (contract 13.2).
import { z } from "zod";
import { COLUMN_KEYS_TEXT, isColumnKey } from "../formats/column-keys";
import { FORMAT_IDS } from "../formats/types";
import { acceptTestIdAlias, aliasConflict, id } from "./common";
import { examFieldsInput } from "./exam";
import { issueParams } from "./zod-issues";

const format = z
  .enum(FORMAT_IDS)
  .describe(
    "exam_json (Exam Studio archive), qti3 (QTI 3.0 content package), qti2 (QTI 2.1/2.2 content package), moodle_xml (Moodle XML), gift, aiken, csv or xlsx (an Excel workbook). All can be imported; exam_json, qti3, moodle_xml and csv exported (QTI 2.x, GIFT, Aiken and XLSX are read only).",
  );

export const examExportParams = z.object({
  id: id.describe("The exam to export."),
  format,
});

/**
 * The `columns` mapping of a CSV or XLSX import (contract 13.3 point 4): for each column of the
 * template (and correct_answers), the name of the file's column that holds it. One schema for the
 * API, the server action and the app's column step.
 */
export const importColumns = z
  .record(z.string(), z.string().trim().min(1).max(255))
  .superRefine((columns, ctx) => {
    for (const key of Object.keys(columns))
      if (!isColumnKey(key))
        ctx.addIssue({
          code: "custom",
          path: [key],
          params: issueParams("unknown_field"),
          message: `is not a column of the template; the columns are ${COLUMN_KEYS_TEXT}`,
        });
  })
  .describe(
    'CSV and XLSX only, for a file whose header is not the template\'s: for each column of the template (question, type, answer_1, correct_1, …) or correct_answers (a cell listing the correct answers by number or letter: 2, 1,3, B), the name of the file\'s column that holds it, e.g. {"question": "Question - max 120 characters", "answer_1": "Answer 1", "correct_answers": "Correct answer(s)"}. The file\'s other columns are not imported.',
  );

export type ImportColumns = z.output<typeof importColumns>;

export const examImportParams = z.preprocess(
  acceptTestIdAlias,
  z.object({
    file: z
      .object({
        base64: z
          .string()
          .describe(
            "The file's content, standard Base64 (padding optional, line breaks tolerated); decoded at most LIMIT_IMPORT_MB (default 45 MiB).",
          ),
        name: z.string().max(255).optional().describe("The file's name, for the history and messages."),
        content_type: z
          .string()
          .max(255)
          .optional()
          .describe("Ignored (the content decides): accepted so that examExport's file can be sent back as it is."),
      })
      .describe("The file to import."),
    format: format.optional().describe("The file's format; left out, it is recognised from the content."),
    exam_id: id
      .optional()
      .describe("Import into this existing exam (its settings are kept; the file's are ignored with a warning)."),
    test_id: aliasConflict,
    exam: examFieldsInput
      .optional()
      .describe(
        "Create a new exam with these fields (those of examCreate) over the file's settings. With neither exam_id nor exam, the new exam takes the file's settings.",
      ),
    on_existing: z
      .enum(["update", "skip"])
      .default("update")
      .describe(
        "An item whose external id matches a question of the target exam: update replaces that question (a total update), skip leaves it as it is.",
      ),
    on_invalid: z
      .enum(["fail", "skip"])
      .default("fail")
      .describe(
        "An item that still breaks a rule after the import's repairs: fail refuses the whole import and stores nothing; skip leaves the item out (status skipped, its problems as its warnings) and imports the rest.",
      ),
    columns: importColumns.optional(),
    dry_run: z
      .boolean()
      .default(false)
      .describe(
        "Answer what the import would do and store nothing. A CSV or XLSX whose header is not the template's, sent without columns, answers columns_needed (its header and a guess of each column) instead of items.",
      ),
  }),
);

export type ExamImportParams = z.output<typeof examImportParams>;
