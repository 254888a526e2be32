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
//
// The archive's schemas are in exam-json-schema.ts, its reading in exam-json-import.ts, its writing
// in exam-json-export.ts.
import { ARCHIVE_MARKER } from "./exam-json-schema";
import { parseExamJson } from "./exam-json-import";
import { exportExamJson } from "./exam-json-export";
import type { FormatModule } from "./types";

export { ARCHIVE_MARKER, ARCHIVE_VERSION, archiveExam } from "./exam-json-schema";
export { parseExamJson } from "./exam-json-import";
export { exportExamJson, fileNameFor } from "./exam-json-export";

const MARKER_FIELD = new RegExp(`"format"\\s*:\\s*"${ARCHIVE_MARKER}"`);

/** JSON (an object) with the archive's marker: the export writes it first, but anywhere will do. */
export function looksLikeExamJson(text: string | null): boolean {
  return text !== null && /^\s*\{/.test(text) && MARKER_FIELD.test(text);
}

export const examJson: FormatModule = {
  id: "exam_json",
  recognize: ({ text }) => looksLikeExamJson(text),
  parse: parseExamJson,
  export: exportExamJson,
};
