// Writing an exam as a CSV in the Exam Studio template (csv.ts), with the report of what each
// question kept, and the template itself. Pure.
import { stringify } from "csv-stringify/sync";
import { HTML_TAG_PATTERN, QUESTION_TYPE, QUESTION_TYPE_NAMES, type QuestionType } from "../schemas/question";
import { mathmlToDelimitedTex } from "../html/latex";
import { caseStudyNameClash, questionTexts, storedMediaPaths } from "./shared";
import { fileNameFor } from "./exam-json";
import { scoringNotes } from "./mode-notes";
import type { ContentQuestion, ExamContent, ExportReportItem, ExportResult } from "./types";
import {
  CSV_QUESTION_COLUMNS,
  CSV_TEMPLATE_GROUPS,
  csvHeader,
  guardFormula,
  TAG_SEPARATOR,
  type QuestionColumn,
} from "./csv-cells";

// ---------------------------------------------------------------------------------------------
// Export

const YES_NO = (value: boolean) => (value ? "yes" : "no");

/** Stored HTML as a cell that the import reads back as the same HTML; `lost` is told when it cannot be. */
function htmlCell(stored: string, field: string, lost: (note: string) => void): string {
  // Formulas as their LaTeX between \( \) or $$ $$, which the import reads back as MathML (contract 9.1).
  const html = mathmlToDelimitedTex(stored);
  if (html === "" || HTML_TAG_PATTERN.test(html)) return html;
  lost(
    `its ${field} is text without HTML tags; a cell without tags is read as plain text, so it is written as one paragraph (<p>…</p>), as it will be stored when imported back`,
  );
  return `<p>${html}</p>`;
}

/** Questions a row can hold. */
const ROW_TYPES = new Set<number>([
  QUESTION_TYPE.singleChoice,
  QUESTION_TYPE.multipleChoice,
  QUESTION_TYPE.sort,
  QUESTION_TYPE.textInput,
]);

const NOT_CARRIED =
  "not in a CSV file: the exam's settings (an import as a new exam takes them from its exam param), the case studies' descriptions (questions name their case study; an import creates one the exam lacks with an empty description), media files, the blueprint's domain names and weights (questions name their domain by code; an import as a new exam makes each code a domain of weight 0), the exam's status, review comments, history and versions";

interface TextAnswer {
  value: string;
  points?: number;
}

export function exportCsv(content: ExamContent): ExportResult {
  const names = new Map(content.caseStudies.map((cs) => [cs.id, cs.name]));
  const nameClash = caseStudyNameClash(content.caseStudies);

  const written = content.questions.filter((q) => ROW_TYPES.has(q.type));
  const groups = Math.max(
    1,
    ...written.map((q) => (q.type === QUESTION_TYPE.textInput ? textAnswers(q).length : q.answers.length)),
  );
  const rows: string[][] = [csvHeader(groups)];
  const items: ExportReportItem[] = content.questions.map((q) => {
    if (!ROW_TYPES.has(q.type)) {
      const name = QUESTION_TYPE_NAMES[q.type as QuestionType] ?? `type ${q.type}`;
      return {
        question_id: q.id,
        fidelity: "omitted",
        notes: [
          `a ${name} question (type ${q.type}) needs an image with areas, which a CSV row cannot hold; export as exam_json to keep it`,
        ],
      };
    }
    const notes: string[] = [];
    rows.push(
      questionRow(q, groups, q.case_study_id === null ? "" : names.get(q.case_study_id)!, (note) => notes.push(note)),
    );
    notes.push(...scoringNotes(q, "a CSV file"));
    const media = storedMediaPaths(questionTexts(q));
    if (media.length > 0) {
      notes.push(
        `it refers to ${media.length === 1 ? "a media file" : `${media.length} media files`} (${media.join(", ")}), which a CSV file cannot hold: imported into an exam of this workspace it is the same question; elsewhere the import refuses it (media_missing)`,
      );
    }
    const clash = nameClash(q.case_study_id);
    if (clash) notes.push(clash);
    return { question_id: q.id, fidelity: notes.length > 0 ? "lossy" : "lossless", notes };
  });
  return {
    file: {
      name: fileNameFor(content.exam.code, "csv"),
      content_type: "text/csv; charset=utf-8",
      bytes: encodeCsv(rows),
    },
    report: { items, notes: [NOT_CARRIED] },
  };
}

function textAnswers(q: ContentQuestion): TextAnswer[] {
  const list = q.properties.text_answer;
  return Array.isArray(list) ? (list as TextAnswer[]) : [];
}

function questionRow(q: ContentQuestion, groups: number, caseStudy: string, lost: (note: string) => void): string[] {
  const row: Record<QuestionColumn, string> = {
    external_id: guardFormula(q.external_id ?? ""),
    type: String(q.type),
    case_study: guardFormula(caseStudy),
    domain: guardFormula(q.domain ?? ""),
    tags: guardFormula((q.tags ?? []).join(`${TAG_SEPARATOR} `)),
    points: String(q.points),
    question: guardFormula(htmlCell(q.question, "question", lost)),
    explanation: guardFormula(htmlCell(q.explanation, "explanation", lost)),
    text_similarity: "",
    case_sensitive: "",
  };
  const tagged = q.tags ?? [];
  if (tagged.some((t) => t.includes(TAG_SEPARATOR)))
    lost(
      `a tag of it holds "${TAG_SEPARATOR}", which separates the tags of a CSV cell: imported back it is split in two`,
    );
  if (q.copied_from) lost("the question it was copied from (copied_from) is not in a CSV file");
  const cells: string[][] = [];
  if (q.type === QUESTION_TYPE.textInput) {
    row.text_similarity = String(q.properties.text_similarity ?? "");
    row.case_sensitive = YES_NO(q.properties.case_sensitive === true);
    for (const v of textAnswers(q))
      cells.push([guardFormula(v.value), "", v.points === undefined ? "" : String(v.points)]);
  } else {
    const answers = q.answers;
    if (answers.some((a, i) => a.order !== i + 1)) {
      lost(
        `its answers' orders (${answers.map((a) => a.order).join(", ")}) are not 1, 2, 3…: a CSV row holds the answers in order, so imported back they are numbered 1 to ${answers.length}, in the same order`,
      );
    }
    if (answers.some((a) => a.old_id !== null))
      lost("the answers' old_id (the client's own ids) are not in a CSV file");
    if (q.type === QUESTION_TYPE.sort && q.properties.optional_answers === true && answers.every((a) => a.is_correct)) {
      lost(
        "it allows distractors (optional_answers) but has none: a CSV row says so only through a distractor, so imported back optional_answers is false",
      );
    }
    answers.forEach((a, i) =>
      cells.push([guardFormula(htmlCell(a.answer, `answer ${i + 1}`, lost)), YES_NO(a.is_correct), String(a.points)]),
    );
  }
  while (cells.length < groups) cells.push(["", "", ""]);
  return [...CSV_QUESTION_COLUMNS.map((c) => row[c]), ...cells.flat()];
}

/** Rows as the file's bytes: UTF-8 with a byte order mark, CRLF line ends, cells quoted where they must be. */
export function encodeCsv(rows: string[][]): Uint8Array {
  const text = stringify(rows, { record_delimiter: "windows", quoted_match: /[\r\n]/ });
  return new TextEncoder().encode(`\uFEFF${text}`);
}

// ---------------------------------------------------------------------------------------------
// The template people download

/** The example questions of the template, one of each type a row can hold. */
const TEMPLATE_ROWS: Record<string, string>[] = [
  {
    external_id: "NET-1",
    type: "1",
    domain: "1.0",
    tags: "ports; https",
    points: "1",
    question: "Which TCP port does HTTPS use by default?",
    explanation: "HTTPS is HTTP over TLS, on port 443.",
    answer_1: "443",
    correct_1: "yes",
    points_1: "1",
    answer_2: "80",
    correct_2: "no",
    points_2: "0",
    answer_3: "21",
    correct_3: "no",
    points_3: "0",
  },
  {
    external_id: "NET-2",
    type: "2",
    case_study: "Contoso",
    domain: "2.0",
    tags: "addressing",
    points: "0",
    question: "<p>Which of these are <strong>private</strong> IPv4 ranges?</p>",
    answer_1: "10.0.0.0/8",
    correct_1: "yes",
    points_1: "1",
    answer_2: "192.168.0.0/16",
    correct_2: "yes",
    points_2: "1",
    answer_3: "8.8.8.0/24",
    correct_3: "no",
    points_3: "-1",
  },
  {
    external_id: "NET-3",
    type: "6",
    case_study: "Contoso",
    points: "1",
    question: "Put the layers in order, from the bottom up.\nOne answer is not a layer.",
    answer_1: "Physical",
    correct_1: "yes",
    answer_2: "Data link",
    correct_2: "yes",
    answer_3: "Network",
    correct_3: "yes",
    answer_4: "Kitchen",
    correct_4: "no",
  },
  {
    external_id: "NET-4",
    type: "7",
    points: "1",
    question: "Which protocol does HTTPS use to encrypt the connection?",
    text_similarity: "90",
    case_sensitive: "no",
    answer_1: "TLS",
    points_1: "2",
    answer_2: "SSL/TLS",
    points_2: "1",
  },
];

/** The template: the header row with four answer groups and one example question of each type a row can hold (without the byte order mark). */
export function csvTemplate(): string {
  const header = csvHeader(CSV_TEMPLATE_GROUPS);
  const rows = [header, ...TEMPLATE_ROWS.map((values) => header.map((c) => values[c] ?? ""))];
  return stringify(rows, { record_delimiter: "windows", quoted_match: /[\r\n]/ });
}

/** The template as the file served for download: UTF-8 with a byte order mark. */
export function csvTemplateBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`\uFEFF${csvTemplate()}`);
}
