// The shapes every import and export format shares (contract 13): what a format's import makes of
// a file (an import plan: the exam settings it holds, its case studies by name, and its items in
// file order, each as the params exam.questionCreate takes), and what an export gives back (the
// file and a report saying, question by question, what the format carried). Pure: no database, no
// Node APIs; the formats' own modules and the operations exam.examImport / exam.examExport meet
// here.
import type { Issue } from "../errors";
import type { ExamType } from "../schemas/exam";
import type { AnswerInput, QuestionCreateParamsInput } from "../schemas/question";

// ---------------------------------------------------------------------------------------------
// The formats (contract 13.1)

export const FORMAT_IDS = ["exam_json", "qti3", "qti2", "moodle_xml", "gift", "aiken", "csv", "xlsx"] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export interface FormatInfo {
  /** What people call it. */
  name: string;
  /** What a file of it is, for the message that lists the formats. */
  looks: string;
  /** Whether contract 13.1 has an export to it (GIFT and Aiken are read only). */
  exportable: boolean;
}

export const FORMATS: Readonly<Record<FormatId, FormatInfo>> = {
  exam_json: {
    name: "Exam Studio archive",
    looks: 'one JSON document with "format": "exam_studio_archive"',
    exportable: true,
  },
  qti3: { name: "QTI 3.0 content package", looks: "a zip with imsmanifest.xml", exportable: true },
  qti2: {
    name: "QTI 2.1/2.2 content package",
    looks: "a zip with imsmanifest.xml listing QTI 2.x items",
    exportable: false,
  },
  moodle_xml: { name: "Moodle XML", looks: "XML whose root is <quiz> or <question>", exportable: true },
  gift: { name: "GIFT", looks: "Moodle's GIFT text format", exportable: false },
  aiken: { name: "Aiken", looks: "Aiken's plain text single choice format", exportable: false },
  csv: { name: "CSV", looks: "UTF-8 CSV with the header row of the Exam Studio template", exportable: true },
  xlsx: {
    name: "Excel spreadsheet (XLSX)",
    looks: "a zip with xl/workbook.xml whose first sheet has the CSV template's columns",
    exportable: false,
  },
};

// ---------------------------------------------------------------------------------------------
// Exam settings as a file carries them

/**
 * testing_questions / testing_time as the exam stores them (contract 5: auto-handling on or off,
 * the locked number of questions, and a time that is by rate, none or fixed), rather than the
 * values in effect, which depend on the question count and cannot say, for example, whether a
 * time equal to 1.5 minutes per question was fixed or follows the rate.
 */
export interface TestingSettings {
  auto: boolean;
  /** The locked testing_questions while auto is off; 0 means "follows the question count". */
  locked_questions: number;
  time_mode: "rate" | "none" | "fixed";
  /** Minutes, when time_mode is "fixed". */
  fixed_time: number;
}

/** Every exam setting (contract 4 and 5), by the API's field names. */
export interface ExamSettings {
  type: ExamType;
  check_answer: 0 | 1;
  title: string;
  category: string;
  code: string;
  shuffle_questsion: boolean;
  shuffle_answers: boolean;
  testing: TestingSettings;
  evaluation_method: 1 | 2 | 3 | 4;
  passing_score: number | null;
  show_description_page: boolean;
  show_standard_introduction: boolean;
  /** HTML. */
  description: string;
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * The `question` object of exam.questionCreate without what the import decides: the exam, the
 * case study and the domain (by name and by code: PlanItem). Its `tags` are the item's.
 */
export type ItemQuestion = Omit<
  QuestionCreateParamsInput["question"],
  "exam_id" | "test_id" | "case_study_id" | "domain_id"
>;

// ---------------------------------------------------------------------------------------------
// The blueprint (contract 15.1, 15.3)

/** A domain of an exam's blueprint as a file carries it: by code, which matches it in an exam. */
export interface FileDomain {
  code: string;
  name: string;
  weight: number;
  /**
   * Other texts the file names the domain by (a Moodle or GIFT category's path): into an existing
   * exam, a domain of the file whose code no domain of the exam has is matched by name, its
   * `name` or one of these against the exam's domain's name (or "code name"), without regard to
   * case. Left out: matched by code only (a blueprint: the archive, QTI).
   */
  aliases?: string[];
}

/** The question a copy was made from (contract 15.2 point 2), as questionGet's `copied_from` has it. */
export interface CopiedFrom {
  question_id: number;
  exam_id: number;
  version: number;
}

/** An item's params exactly as exam.questionCreate takes them, less the exam and the case study. */
export interface ItemParams {
  question: ItemQuestion;
  answers?: AnswerInput[];
  /** The media the item refers to: path as written in its HTML (or properties.image) → Base64. */
  resources?: Record<string, string>;
}

export interface PlanItem {
  /** How the file names the item, e.g. `question 3 (external id Q-7)`; every message about it starts with this. */
  ref: string;
  /** The question; null for an item of a kind the project cannot represent (it is skipped, `warnings` say what it was). */
  params: ItemParams | null;
  /** The name of its case study (matched by name in the target exam, or one of the file's). */
  caseStudy: string | null;
  /**
   * The code of its domain (matched by code among the domains of the exam imported into; a new
   * exam's are the plan's `domains`), null for none; left out when the format does not say, so an
   * update of a matched question keeps its domain.
   */
  domain?: string | null;
  /** The question it is a copy of, as the file records it (the Exam Studio archive). */
  copiedFrom?: CopiedFrom | null;
  /** What the format lost on the way, or why the item is skipped. */
  warnings: string[];
  /**
   * The size at which the file shows the item's image, when it says (QTI's `img` width and
   * height): its areas are in that size, and the import scales them to the image's pixels.
   */
  imageShown?: { width?: number; height?: number };
}

export interface PlanCaseStudy {
  /** How the file names it, e.g. `case study 2 ("Contoso")`. */
  ref: string;
  name: string;
  /** HTML. */
  description: string;
  resources: Record<string, string>;
  /**
   * The file names the case study without describing it (CSV): one the target exam has of that
   * name is used without comparing descriptions; one it lacks is created with `description` ("").
   */
  nameOnly?: boolean;
}

export interface ImportPlan {
  /** The exam settings the file holds (some formats hold only some); null when the format has none. */
  exam: { settings: Partial<ExamSettings>; resources: Record<string, string> } | null;
  caseStudies: PlanCaseStudy[];
  /** The file's blueprint, in order: a new exam's domains (an exam imported into keeps its own); left out when the format has none. */
  domains?: FileDomain[];
  /**
   * The file's domains are categories of questions (Moodle XML, GIFT) rather than a blueprint:
   * imported into an exam without weights, those the exam lacks are added to it with weight 0.
   * Left out (a blueprint: the archive, QTI), and into an exam with weights, the exam's
   * blueprint stays as it is and a question whose domain it lacks gets none, with a warning.
   */
  addMissingDomains?: boolean;
  /** In file order. */
  items: PlanItem[];
  /** About the file as a whole (fields ignored, media nothing refers to, …). */
  warnings: string[];
}

export interface ImportOptions {
  /** The most items a file may hold (LIMIT_IMPORT_QUESTIONS): a parser stops reading past it. */
  maxItems: number;
  /** The most bytes a package (zip) may inflate to altogether: LIMIT_IMPORT_MB, as for the file itself; the server always sets it. */
  maxBytes?: number;
  /** CSV and XLSX: the file's column that holds each column of the template (contract 13.3 point 4); left out, the header is the template's. */
  columns?: Readonly<Record<string, string>>;
}

/**
 * A parser's answer: the plan, or the file's problems, each at `file` (the file as a whole) or
 * at `items[i]…` (an item's params), its message naming the place as the file does.
 */
export type ParseResult =
  | { ok: true; plan: ImportPlan }
  | {
      ok: false;
      issues: Issue[];
      /** A sheet (CSV, XLSX) whose header is not the template's, read without a mapping: its likely header row, for a dry run's `columns_needed`. */
      header?: string[];
    };

// ---------------------------------------------------------------------------------------------
// Export

export interface ContentAnswer {
  answer: string;
  is_correct: boolean;
  order: number;
  points: number;
  old_id: number | string | null;
}

export interface ContentQuestion {
  id: number;
  type: number;
  question: string;
  explanation: string;
  external_id: string | null;
  points: number;
  case_study_id: number | null;
  properties: Record<string, unknown>;
  /** Sorted by order. */
  answers: ContentAnswer[];
  /** The code of its domain (one of ExamContent's `domains`), or null; absent: none. */
  domain?: string | null;
  /** Absent: none. */
  tags?: string[];
  /** Its scenarios (contract 16.3) as stored; absent: none. */
  scenarios?: unknown[];
  /** Absent: an original. */
  copied_from?: CopiedFrom | null;
}

export interface ContentCaseStudy {
  id: number;
  name: string;
  description: string;
}

/** An exam as stored, everything an export may carry. */
export interface ExamContent {
  exam: ExamSettings;
  /** In creation order. */
  caseStudies: ContentCaseStudy[];
  /** The blueprint, in order (contract 15.1); absent: none. */
  domains?: FileDomain[];
  /** In the exam's order. */
  questions: ContentQuestion[];
  /** The bytes of the stored media the content refers to, by stored path (`/media/<sha256>.<ext>`); a file missing from the store is absent. */
  media: ReadonlyMap<string, Uint8Array>;
}

export type Fidelity = "lossless" | "lossy" | "omitted";

export interface ExportReportItem {
  question_id: number;
  /** lossless: imported back it is the same question; lossy: it would differ (notes say how); omitted: not in the file (notes say why). */
  fidelity: Fidelity;
  notes: string[];
}

export interface ExportReport {
  /** One per question, in the exam's order. */
  items: ExportReportItem[];
  /** What the format cannot hold of the exam itself. */
  notes: string[];
}

export interface ExportedFile {
  name: string;
  content_type: string;
  bytes: Uint8Array;
}

export interface ExportOptions {
  /** Standard Base64 of some bytes (the server passes a faster one than the pure default). */
  base64?: (bytes: Uint8Array) => string;
  /** The export's time, for formats that record it (ISO 8601); now when left out. */
  now?: string;
}

export interface ExportResult {
  file: ExportedFile;
  report: ExportReport;
}

/** What a format module offers: either half may be missing (GIFT and Aiken import only). */
export interface FormatModule {
  id: FormatId;
  /** Whether `text` (the file as UTF-8, or null when it is not) or `bytes` look like this format. */
  recognize(file: { bytes: Uint8Array; text: string | null }): boolean;
  /** Whether the file looks like this format without its mark (asked only when no module recognises it). */
  recognizeLoosely?(file: { bytes: Uint8Array; text: string | null }): boolean;
  parse?(bytes: Uint8Array, options: ImportOptions): ParseResult;
  export?(content: ExamContent, options?: ExportOptions): ExportResult;
}
