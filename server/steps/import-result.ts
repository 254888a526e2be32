// What exam.examImport answers (contract 13.2): the exam, the counts, and one line per item of the
// file; in a dry run of a sheet in other columns, its header and a guessed mapping instead.
import { examToApi } from "../data/exams";

export type ItemStatus = "created" | "updated" | "skipped";

/** One item of the result (contract 13.2). */
export interface ImportedItem {
  ref: string;
  status: ItemStatus;
  /** The question created, updated or matched and left as it was; null for one a dry run would create, or an item of a kind the project cannot represent. */
  question_id: number | null;
  type: number | null;
  warnings: string[];
}

/** The exam object of examGet; in a dry run that would create it, without the id and times it does not have yet. */
export type ImportedExam = Omit<ReturnType<typeof examToApi>, "id" | "created_at" | "updated_at"> & {
  id: number | null;
  created_at: string | null;
  updated_at: string | null;
};

/** A dry run's answer for a sheet whose header is not the template's, sent without `columns` (contract 13.3 point 4). */
export interface ColumnsNeeded {
  /** The file's header row (the likely one: see server/formats/sheet-columns.ts). */
  header: string[];
  /** A guess of the mapping from the names (server/formats/column-guess.ts). */
  guesses: Record<string, string>;
}

export interface ImportResult {
  exam: ImportedExam;
  created: number;
  updated: number;
  skipped: number;
  items: ImportedItem[];
  /** Only in a dry run of a CSV or XLSX whose header is not the template's, sent without columns. */
  columns_needed?: ColumnsNeeded;
}
