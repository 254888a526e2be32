// A save that changes nothing writes nothing (docs/decisions.md, "Saves that change nothing"): an
// update whose result would be the object as stored makes no version, no history entry, no
// return to draft, no media file or row and no new updated_at; it answers the object as stored
// with the warning `unchanged`. It is decided on what the write WOULD store (HTML cleaned, media
// paths resolved, properties and answers normalised) against what IS stored in the row the write
// has locked; a first decision on the unlocked read only spares the media store the files of a
// save that changes nothing. An import's update of a matched question is held to the same rule:
// the item is skipped with a warning that says so (unchangedQuestions, UNCHANGED_ITEM).
import type { Db } from "@/db/client";
import {
  answersOf,
  answerToApi,
  answerToApiWithPoints,
  questionRows,
  questionToApi,
  questionToApiWithPoints,
} from "../data/questions";
import type { AnswerRow, QuestionRow } from "../data/questions";
import { isSameVersion, sameJson } from "../domain/history-diff";
import type { OpContext } from "../operation";
import type { PreparedContent } from "./content";
import { resolveExtensions, type ResolvedQuestion } from "./blueprint";
import type { PreparedQuestion } from "./question-content";

const NOUNS = { exam: "exam", question: "question", case_study: "case study" } as const;

/** Says that nothing was written; `state` is how the object is ("is as stored", "is already ready"). */
export function reportUnchanged(ctx: OpContext, object: keyof typeof NOUNS, state = "is as stored"): void {
  ctx.report.warn("unchanged", object, `nothing changed: the ${NOUNS[object]} ${state}, so no new version was written`);
}

/** Whether each column a write would set already holds that value in the stored row. */
export function sameColumns(next: object, stored: object): boolean {
  const row = stored as Record<string, unknown>;
  return Object.entries(next).every(([key, value]) => sameJson(value, row[key]));
}

/**
 * The content's files, written at most once: before the transaction when the unlocked read says
 * the write changes something, or inside it (still before the commit, contract 8.7) when the
 * locked row says so after all, because another write came in between.
 */
export function storeFilesOnce(content: PreparedContent): () => Promise<void> {
  let stored = false;
  return async () => {
    if (stored) return;
    await content.storeFiles();
    stored = true;
  };
}

/**
 * Whether `prepared`, in exam `examId`, is what the question's row and answers hold, compared as
 * the history compares two versions (answers in order, without their ids, which every write
 * issues anew; the rules' warnings are not content).
 */
export function sameQuestion(
  row: QuestionRow,
  answers: AnswerRow[],
  examId: number,
  prepared: ResolvedQuestion,
): boolean {
  const stored = { question: questionToApiWithPoints(row), answers: answers.map(answerToApiWithPoints) };
  const next = {
    question: questionToApiWithPoints({ ...prepared.columns, id: row.id, examId }),
    answers: prepared.answers.map(({ old_id, answer, is_correct, order, points }) => ({
      old_id,
      answer,
      is_correct,
      order,
      points,
    })),
  };
  return isSameVersion("question", stored, next);
}

/** questionUpdate's answer when it changes nothing: the question as stored, its answers with their ids. */
export function unchangedQuestion(ctx: OpContext, row: QuestionRow, answers: AnswerRow[], prepared: PreparedQuestion) {
  reportUnchanged(ctx, "question");
  return {
    question: questionToApi(row),
    answers: answers.map(answerToApi),
    resources: prepared.content.resources,
    version: row.version,
  };
}

/** Questions read per statement when an import compares its updates (a few hundred rows and their answers). */
const COMPARE_CHUNK = 500;

/**
 * Of the total updates an import would make (question id → the question as it would be written,
 * in exam `examId`), the questions each would leave as stored (sameQuestion): exam.examImport
 * writes nothing to those. In the import's transaction `lock` locks their rows first, as
 * questionUpdate's lockQuestion does, so that what is compared is what the write would replace.
 */
export async function unchangedQuestions(
  db: Db,
  examId: number,
  updates: ReadonlyMap<number, PreparedQuestion>,
  lock: boolean,
): Promise<Set<number>> {
  const ids = [...updates.keys()].sort((a, b) => a - b);
  const same = new Set<number>();
  for (let start = 0; start < ids.length; start += COMPARE_CHUNK) {
    const chunk = ids.slice(start, start + COMPARE_CHUNK);
    const rows = await questionRows(db, chunk, lock);
    const answers = await answersOf(db, chunk);
    for (const row of rows)
      if (
        row.examId === examId &&
        sameQuestion(row, answers.get(row.id)!, examId, resolveExtensions(updates.get(row.id)!, row, examId))
      )
        same.add(row.id);
  }
  return same;
}

/** What an import says of an item whose matched question is already as the item has it (status skipped). */
export const UNCHANGED_ITEM =
  "nothing changed: the exam's question with this external id is already as this item has it, so it is left as it is and no new version is written";
