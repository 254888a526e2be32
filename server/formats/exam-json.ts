// The Exam Studio archive (`exam_json`, contract 13.1): one JSON document that carries everything
// of an exam — its settings, case studies, questions in order with answers, points, properties
// and external ids — with the media inside as Base64, so that export → import as a new exam →
// export again gives the same document (apart from `exported_at`). Pure: no database, no Node APIs.
//
// The document (version 1; docs/api/import-export.md shows one whole):
//   { "format": "exam_studio_archive", "version": 1, "exported_at": "…",
//     "exam": { type, check_answer, title, category, code, shuffle_questsion, shuffle_answers,
//               testing: { auto, locked_questions, time_mode, fixed_time }, evaluation_method,
//               passing_score, show_description_page, show_standard_introduction, description,
//               domains: [ { code, name, weight } ] },
//     "case_studies": [ { name, description } ],
//     "questions": [ { external_id, type, case_study (a name or null), domain (a code or null),
//                      tags, scenarios, copied_from ({ question_id, exam_id, version } or null), points,
//                      question, explanation, properties,
//                      answers: [ { answer, is_correct, order, points, old_id } ] } ],
//     "media": { "/media/<sha256>.<ext>": "<Base64>" } }
// HTML keeps the stored media paths; `media` holds the bytes under those same paths, which the
// import hands to each question as its `resources`.
import { z } from "zod";
import type { Issue } from "../errors";
import { encodeBase64 } from "../media/base64";
import { fileDomainsField } from "../schemas/blueprint";
import { caseStudyName } from "../schemas/case-study";
import { examFields } from "../schemas/exam";
import { questionTypeSchema, type AnswerInput } from "../schemas/question";
import { issueParams, zodIssues } from "../schemas/zod-issues";
import {
  contentTexts,
  fileIssue,
  itemPath,
  lineAndColumn,
  numberedRef,
  questionTexts,
  resourcesFor,
  segmentsPath,
  storedMediaPaths,
  utf8Text,
} from "./shared";
import type {
  ExamContent,
  ExamSettings,
  ExportOptions,
  ExportReportItem,
  ExportResult,
  FormatModule,
  ImportOptions,
  ImportPlan,
  ItemParams,
  ItemQuestion,
  ParseResult,
  PlanItem,
} from "./types";

/** The value of the top-level `format` field that marks a JSON document as an archive. */
export const ARCHIVE_MARKER = "exam_studio_archive";
/** The archive layout this code writes and reads. */
export const ARCHIVE_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// The document's shape. Exam settings and case studies are checked here with the API's own field
// schemas; a question's fields only by type, since every item goes through exam.questionCreate's
// params schema and rules in the import, which report at the same `items[i]…` paths.

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

const archiveDocument = z.object({
  format: z.literal(ARCHIVE_MARKER),
  version: z.literal(ARCHIVE_VERSION),
  exported_at: z.string().optional(),
  exam: archiveExam.optional(),
  case_studies: z.array(archiveCaseStudy).optional(),
  questions: z.array(archiveQuestion).optional(),
  media: z.record(z.string(), z.string()).optional(),
});

type ArchiveDocument = z.output<typeof archiveDocument>;
type ArchiveQuestion = z.output<typeof archiveQuestion>;

const KEYS = {
  document: Object.keys(archiveDocument.shape),
  exam: Object.keys(archiveExam.shape),
  testing: ["auto", "locked_questions", "time_mode", "fixed_time"],
  caseStudy: Object.keys(archiveCaseStudy.shape),
  domain: ["code", "name", "weight"],
  copiedFrom: ["question_id", "exam_id", "version"],
  question: Object.keys(archiveQuestion.shape),
  answer: Object.keys(archiveAnswer.shape),
};

// ---------------------------------------------------------------------------------------------
// Recognition

const MARKER_FIELD = new RegExp(`"format"\\s*:\\s*"${ARCHIVE_MARKER}"`);

/** JSON (an object) with the archive's marker: the export writes it first, but anywhere will do. */
export function looksLikeExamJson(text: string | null): boolean {
  return text !== null && /^\s*\{/.test(text) && MARKER_FIELD.test(text);
}

// ---------------------------------------------------------------------------------------------
// Import

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The archive's content as an import plan, or its problems. */
export function parseExamJson(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const text = utf8Text(bytes);
  if (text === null)
    return fail(
      fileIssue("malformed_file", "is not UTF-8 text, so it is not an Exam Studio archive (a JSON document)"),
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(fileIssue("malformed_file", `is not well-formed JSON: ${jsonProblem(error, text)}`));
  }
  if (!isObject(raw) || raw.format !== ARCHIVE_MARKER) {
    return fail(
      fileIssue(
        "malformed_file",
        `is JSON but not an Exam Studio archive: its top level has no "format": "${ARCHIVE_MARKER}"`,
      ),
    );
  }
  if (raw.version !== ARCHIVE_VERSION) {
    const newer = typeof raw.version === "number" && Number.isInteger(raw.version) && raw.version > ARCHIVE_VERSION;
    return fail(
      fileIssue(
        "malformed_file",
        newer
          ? `is an Exam Studio archive of version ${raw.version}, written by a newer Exam Studio; this one reads version ${ARCHIVE_VERSION}`
          : `has "version": ${JSON.stringify(raw.version) ?? "nothing"}; an Exam Studio archive has "version": ${ARCHIVE_VERSION}`,
      ),
    );
  }
  if (Array.isArray(raw.questions) && raw.questions.length > options.maxItems) {
    return fail(
      fileIssue(
        "too_many",
        `holds ${raw.questions.length} questions; at most ${options.maxItems} can be imported at once`,
      ),
    );
  }
  const parsed = archiveDocument.safeParse(raw, { reportInput: true });
  if (!parsed.success) return fail(...archiveIssues(parsed.error, raw));
  return { ok: true, plan: toPlan(parsed.data, raw) };
}

/** What JSON.parse found wrong, and where (line and column). */
function jsonProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(message);
  // V8 quotes the text in some messages ("Unexpected token '}', "{…" is not valid JSON"): keep the first clause only.
  const what = message.replace(/ in JSON at position \d+.*$/s, "").replace(/, ".*$/s, "");
  const offset = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.length : null;
  if (offset === null) return what;
  const { line, column } = lineAndColumn(text, offset);
  return `${what} (line ${line}, column ${column})`;
}

/**
 * The document's problems: inside a question at `items[i]…` (as its questionCreate params name
 * the field; `items[i].case_study`, `items[i].domain` and `items[i].copied_from` for what the
 * import decides), the message naming the question; anything else at `file`, the message naming
 * the place in the archive.
 */
function archiveIssues(error: z.ZodError, raw: Record<string, unknown>): Issue[] {
  const ours = zodIssues(error);
  return error.issues.map((issue, k) => {
    const { code, message } = ours[k]!;
    const [head, index, ...rest] = issue.path;
    if (head === "questions" && typeof index === "number") {
      const question = Array.isArray(raw.questions) ? raw.questions[index] : undefined;
      const ref = numberedRef("question", index, isObject(question) ? question.external_id : undefined);
      const where = segmentsPath("", rest);
      const path =
        rest.length === 0
          ? itemPath(index)
          : rest[0] === "answers" || rest[0] === "case_study" || rest[0] === "domain" || rest[0] === "copied_from"
            ? segmentsPath(itemPath(index), rest)
            : segmentsPath(itemPath(index, "question"), rest);
      return { code, path, message: where ? `${ref}: ${where}: ${message}` : `${ref}: ${message}` };
    }
    const where = segmentsPath("", issue.path);
    return { code, path: "file", message: where ? `the archive's ${where} ${message}` : `the archive ${message}` };
  });
}

/** Warnings for the keys of `value` that `known` does not name. */
function unknownFields(value: unknown, known: readonly string[], where: string): string[] {
  if (!isObject(value)) return [];
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length === 0) return [];
  const what = `unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(", ")} ignored`;
  return [where ? `${where}: ${what}` : what];
}

/** An object without the keys whose value is undefined (a field the file left out stays out). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toPlan(doc: ArchiveDocument, raw: Record<string, unknown>): ImportPlan {
  const media = doc.media ?? {};
  const used = new Set<string>();
  const warnings: string[] = [...unknownFields(raw, KEYS.document, "the archive")];
  const rawList = (key: string) => (Array.isArray(raw[key]) ? (raw[key] as unknown[]) : []);

  let exam: ImportPlan["exam"] = null;
  let blueprint: ImportPlan["domains"];
  if (doc.exam) {
    warnings.push(...unknownFields(raw.exam, KEYS.exam, "the archive's exam"));
    if (isObject(raw.exam))
      warnings.push(...unknownFields(raw.exam.testing, KEYS.testing, "the archive's exam.testing"));
    const { testing, domains, ...rest } = doc.exam;
    if (isObject(raw.exam) && Array.isArray(raw.exam.domains))
      raw.exam.domains.forEach((d, i) =>
        warnings.push(...unknownFields(d, KEYS.domain, `the archive's exam.domains[${i}]`)),
      );
    const settings: Partial<ExamSettings> = defined({ ...rest, ...(testing ? { testing } : {}) });
    exam = { settings, resources: resourcesFor(media, [doc.exam.description ?? ""], [], used) };
    if (domains) blueprint = domains;
  }

  const caseStudies = (doc.case_studies ?? []).map((cs, i) => {
    warnings.push(...unknownFields(rawList("case_studies")[i], KEYS.caseStudy, `the archive's case_studies[${i}]`));
    const description = cs.description ?? "";
    return {
      ref: `case study ${i + 1} (${JSON.stringify(cs.name)})`,
      name: cs.name,
      description,
      resources: resourcesFor(media, [description], [], used),
    };
  });

  const items = (doc.questions ?? []).map((q, i) => toItem(q, i, rawList("questions")[i], media, used));

  const unused = Object.keys(media).filter((path) => !used.has(path));
  if (unused.length > 0) {
    warnings.push(
      `the archive's media ${unused.map((p) => JSON.stringify(p)).join(", ")}: nothing in the archive refers to ${unused.length === 1 ? "it" : "them"}, so ${unused.length === 1 ? "it was" : "they were"} not stored`,
    );
  }
  return { exam, caseStudies, ...(blueprint ? { domains: blueprint } : {}), items, warnings };
}

function toItem(
  q: ArchiveQuestion,
  index: number,
  raw: unknown,
  media: Record<string, string>,
  used: Set<string>,
): PlanItem {
  const warnings = unknownFields(raw, KEYS.question, "");
  const rawAnswers = isObject(raw) && Array.isArray(raw.answers) ? raw.answers : [];
  rawAnswers.forEach((a, j) => warnings.push(...unknownFields(a, KEYS.answer, `answers[${j}]`)));
  if (isObject(raw)) warnings.push(...unknownFields(raw.copied_from, KEYS.copiedFrom, "copied_from"));
  const question: ItemQuestion = defined({
    type: q.type,
    question: q.question,
    explanation: q.explanation,
    external_id: q.external_id,
    points: q.points,
    properties: q.properties,
    tags: q.tags,
    // Checked by questionCreate's schema with the rest of the item (import-items.ts).
    scenarios: q.scenarios as ItemQuestion["scenarios"],
  });
  const answers: AnswerInput[] | undefined =
    q.answers && q.answers.length > 0 ? q.answers.map((a) => defined({ ...a })) : undefined;
  const html = [q.question, q.explanation ?? "", ...(q.answers ?? []).map((a) => a.answer)];
  const resources = resourcesFor(media, html, [q.properties?.image], used);
  const params: ItemParams = {
    question,
    ...(answers ? { answers } : {}),
    ...(Object.keys(resources).length > 0 ? { resources } : {}),
  };
  return {
    ref: numberedRef("question", index, q.external_id),
    params,
    caseStudy: q.case_study ?? null,
    ...(q.domain === undefined ? {} : { domain: q.domain }),
    ...(q.copied_from === undefined ? {} : { copiedFrom: q.copied_from }),
    warnings,
  };
}

// ---------------------------------------------------------------------------------------------
// Export

/** Objects with their keys sorted, at every depth: the same properties always read the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical(value[k])]),
  );
}

/** A file name from the exam's code: letters, digits, dots, dashes and underscores. */
export function fileNameFor(code: string, extension: string): string {
  const stem = code.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return `${stem || "exam"}.${extension}`;
}

const NOT_CARRIED =
  "not in the archive: the exam's status, review comments, history and versions (an imported exam starts as a draft with a history of its own)";

export function exportExamJson(content: ExamContent, options: ExportOptions = {}): ExportResult {
  const base64 = options.base64 ?? encodeBase64;
  const names = new Map(content.caseStudies.map((cs) => [cs.id, cs.name]));
  // Case studies are referred to by name; of several with one name, the import keeps the first.
  const firstWithName = new Map<string, number>();
  for (const cs of content.caseStudies) if (!firstWithName.has(cs.name)) firstWithName.set(cs.name, cs.id);

  const media: Record<string, string> = {};
  for (const path of storedMediaPaths(contentTexts(content)).sort()) {
    const bytes = content.media.get(path);
    if (bytes) media[path] = base64(bytes);
  }
  const missing = (texts: string[]) => storedMediaPaths(texts).filter((p) => !content.media.has(p));
  const missingNote = (path: string) =>
    `the file of ${path} is missing from the media store, so the archive refers to it without its content`;

  const items: ExportReportItem[] = content.questions.map((q) => {
    const notes = missing(questionTexts(q)).map(missingNote);
    if (q.case_study_id !== null) {
      const name = names.get(q.case_study_id)!;
      if (firstWithName.get(name) !== q.case_study_id) {
        notes.push(
          `its case study ${JSON.stringify(name)} has the same name as an earlier case study of the exam; imported back, the question belongs to the first of them`,
        );
      }
    }
    return { question_id: q.id, fidelity: notes.length > 0 ? "lossy" : "lossless", notes };
  });

  const notes = [NOT_CARRIED];
  for (const path of missing([content.exam.description, ...content.caseStudies.map((cs) => cs.description)]))
    notes.push(missingNote(path));

  const e = content.exam;
  const document = {
    format: ARCHIVE_MARKER,
    version: ARCHIVE_VERSION,
    exported_at: options.now ?? new Date().toISOString(),
    exam: {
      type: e.type,
      check_answer: e.check_answer,
      title: e.title,
      category: e.category,
      code: e.code,
      shuffle_questsion: e.shuffle_questsion,
      shuffle_answers: e.shuffle_answers,
      testing: {
        auto: e.testing.auto,
        locked_questions: e.testing.locked_questions,
        time_mode: e.testing.time_mode,
        fixed_time: e.testing.fixed_time,
      },
      evaluation_method: e.evaluation_method,
      passing_score: e.passing_score,
      show_description_page: e.show_description_page,
      show_standard_introduction: e.show_standard_introduction,
      description: e.description,
      domains: (content.domains ?? []).map((d) => ({ code: d.code, name: d.name, weight: d.weight })),
    },
    case_studies: content.caseStudies.map((cs) => ({ name: cs.name, description: cs.description })),
    questions: content.questions.map((q) => ({
      external_id: q.external_id,
      type: q.type,
      case_study: q.case_study_id === null ? null : names.get(q.case_study_id)!,
      domain: q.domain ?? null,
      tags: q.tags ?? [],
      scenarios: q.scenarios ?? [],
      copied_from: q.copied_from ?? null,
      points: q.points,
      question: q.question,
      explanation: q.explanation,
      properties: canonical(q.properties),
      answers: q.answers.map((a) => ({
        answer: a.answer,
        is_correct: a.is_correct,
        order: a.order,
        points: a.points,
        old_id: a.old_id,
      })),
    })),
    media,
  };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  return {
    file: {
      name: fileNameFor(e.code, "exam.json"),
      content_type: "application/json",
      bytes: new TextEncoder().encode(text),
    },
    report: { items, notes },
  };
}

export const examJson: FormatModule = {
  id: "exam_json",
  recognize: ({ text }) => looksLikeExamJson(text),
  parse: parseExamJson,
  export: exportExamJson,
};
