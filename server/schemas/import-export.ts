// Params of exam.examExport and exam.examImport (contract 13.2).
import { z } from "zod";
import { FORMAT_IDS } from "../formats/types";
import { acceptTestIdAlias, aliasConflict, id } from "./common";
import { examFieldsInput } from "./exam";

const format = z
  .enum(FORMAT_IDS)
  .describe(
    "exam_json (Exam Studio archive), qti3 (QTI 3.0 content package), moodle_xml (Moodle XML), gift, aiken or csv. All six can be imported; exam_json, qti3, moodle_xml and csv exported (GIFT and Aiken are read only).",
  );

export const examExportParams = z.object({
  id: id.describe("The exam to export."),
  format,
});

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
    dry_run: z.boolean().default(false).describe("Answer what the import would do and store nothing."),
  }),
);

export type ExamImportParams = z.output<typeof examImportParams>;
