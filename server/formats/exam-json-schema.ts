// The Exam Studio archive's document (exam-json.ts describes it): its marker, its version, and its
// shape as zod schemas with the fields each level knows, for the import to check and to warn of
// fields it does not know. Pure.
import { z } from "zod";
import { fileDomainsField } from "../schemas/blueprint";
import { caseStudyName } from "../schemas/case-study";
import { examFields } from "../schemas/exam";
import { questionTypeSchema } from "../schemas/question";
import { issueParams } from "../schemas/zod-issues";

/** The value of the top-level `format` field that marks a JSON document as an archive. */
export const ARCHIVE_MARKER = "exam_studio_archive";
/** The archive layout this code writes and reads. */
export const ARCHIVE_VERSION = 1;

// Exam settings and case studies are checked here with the API's own field schemas; a question's
// fields only by type, since every item goes through exam.questionCreate's params schema and rules
// in the import, which report at the same `items[i]…` paths.

const count = z.int().min(0).max(2147483647);

const testingSchema = z
  .object({
    auto: z.boolean(),
    locked_questions: count,
    time_mode: z.enum(["rate", "none", "fixed"]),
    fixed_time: count,
  })
  .refine((t) => t.time_mode !== "fixed" || t.fixed_time >= 1, {
    path: ["fixed_time"],
    error: 'must be at least 1 when time_mode is "fixed" (no time limit is time_mode "none")',
    params: issueParams("too_small"),
  });

export const archiveExam = z.object({
  type: examFields.type.optional(),
  check_answer: examFields.check_answer.optional(),
  title: examFields.title.optional(),
  category: examFields.category.optional(),
  code: examFields.code.optional(),
  shuffle_questsion: examFields.shuffle_questsion.optional(),
  shuffle_answers: examFields.shuffle_answers.optional(),
  testing: testingSchema.optional(),
  evaluation_method: examFields.evaluation_method.optional(),
  passing_score: examFields.passing_score.nullable().optional(),
  show_description_page: examFields.show_description_page.optional(),
  show_standard_introduction: examFields.show_standard_introduction.optional(),
  description: z.string().optional(),
  domains: fileDomainsField.optional(),
});

const archiveCaseStudy = z.object({ name: caseStudyName, description: z.string().optional() });

const archiveAnswer = z.object({
  answer: z.string(),
  is_correct: z.boolean().optional(),
  order: z.number().optional(),
  points: z.number().optional(),
  old_id: z.union([z.number(), z.string()]).nullable().optional(),
});

const archiveQuestion = z.object({
  external_id: z.string().nullable().optional(),
  type: questionTypeSchema,
  case_study: z.string().nullable().optional(),
  // Its domain by code (the import matches it among the exam's); its tags are checked as
  // questionCreate checks them, at items[i].question.tags.
  domain: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  // Its scenarios (contract 16.3), checked as questionCreate checks them, at items[i].question.scenarios.
  scenarios: z.array(z.unknown()).optional(),
  copied_from: z.object({ question_id: count, exam_id: count, version: count }).nullable().optional(),
  points: z.number().optional(),
  question: z.string(),
  explanation: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  answers: z.array(archiveAnswer).optional(),
});

export const archiveDocument = z.object({
  format: z.literal(ARCHIVE_MARKER),
  version: z.literal(ARCHIVE_VERSION),
  exported_at: z.string().optional(),
  exam: archiveExam.optional(),
  case_studies: z.array(archiveCaseStudy).optional(),
  questions: z.array(archiveQuestion).optional(),
  media: z.record(z.string(), z.string()).optional(),
});

export type ArchiveDocument = z.output<typeof archiveDocument>;
export type ArchiveQuestion = z.output<typeof archiveQuestion>;

export const KEYS = {
  document: Object.keys(archiveDocument.shape),
  exam: Object.keys(archiveExam.shape),
  testing: ["auto", "locked_questions", "time_mode", "fixed_time"],
  caseStudy: Object.keys(archiveCaseStudy.shape),
  domain: ["code", "name", "weight"],
  copiedFrom: ["question_id", "exam_id", "version"],
  question: Object.keys(archiveQuestion.shape),
  answer: Object.keys(archiveAnswer.shape),
};

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
