// The Exam Studio archive written (exam-json.ts describes it): the exam, its case studies and
// questions in order, and the media they use as Base64, each object's keys sorted so that the
// same content always reads the same. Pure.
import { encodeBase64 } from "../media/base64";
import { caseStudyNameClash, contentTexts, questionTexts, storedMediaPaths } from "./shared";
import type { ExamContent, ExportOptions, ExportReportItem, ExportResult } from "./types";
import { ARCHIVE_MARKER, ARCHIVE_VERSION, isObject } from "./exam-json-schema";

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
  const nameClash = caseStudyNameClash(content.caseStudies);

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
    const clash = nameClash(q.case_study_id);
    if (clash) notes.push(clash);
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
