// What the history page needs besides the log: which of the logged questions and case studies
// still exist in this exam (only those get a link to their editor), and the questions to pick
// from in the filter. Read through the operations, with their ownership checks.
import "server-only";
import { plainText } from "@/components/questions/plain-text";
import type { QuestionOption } from "@/components/history/history-filter";
import type { HistoryEntry } from "@/server/data/audit";
import { caseStudyGet } from "@/server/operations/case-study-get";
import { questionGet } from "@/server/operations/question-get";
import { questionList } from "@/server/operations/question-list";
import { historyList } from "@/server/operations/history-list";
import { isObjectSnapshot } from "@/server/domain/history-diff";
import { readOperation, readOperationOrNull } from "@/server/web/read";
import type { Author } from "@/server/web/session";

/** `type:id` of each question and case study among `entries` that is still in the exam. */
export async function existingObjects(author: Author, examId: number, entries: HistoryEntry[]): Promise<Set<string>> {
  const keys = [
    ...new Set(entries.filter((e) => e.object_type !== "exam").map((e) => `${e.object_type}:${e.object_id}`)),
  ];
  const found = await Promise.all(
    keys.map(async (key) => {
      const [type, raw] = key.split(":") as [string, string];
      const id = Number(raw);
      // A question moved to another exam is not editable under this one.
      const inExam =
        type === "question"
          ? (await readOperationOrNull(author, questionGet, { id }))?.question.exam_id === examId
          : (await readOperationOrNull(author, caseStudyGet, { id }))?.case_study.exam_id === examId;
      return inExam ? key : null;
    }),
  );
  return new Set(found.filter((k) => k !== null));
}

/** The first 200 questions by position, for the filter's select (later ones are reached from their entries). */
export async function questionOptions(author: Author, examId: number): Promise<QuestionOption[]> {
  const { questions } = await readOperation(author, questionList, { exam_id: examId, limit: 200 });
  // In position order, so the n-th is question n.
  return questions.map((q, i) => ({ id: q.id, label: `${i + 1} · ${plainText(q.question, 60) || "(no text)"}` }));
}

/** The current version of one question or case study (which exists). */
export async function currentVersion(
  author: Author,
  object: { kind: "question" | "case_study"; id: number },
): Promise<number> {
  return object.kind === "question"
    ? (await readOperation(author, questionGet, { id: object.id })).version
    : (await readOperation(author, caseStudyGet, { id: object.id })).version;
}

/** How many versions of one object the compare form offers: the newest. */
const COMPARABLE = 200;

/** One object's versions (entries holding its content), newest first, for the compare form. */
export async function versionsOf(
  author: Author,
  query: { exam_id: number; object_type?: "exam" | "question" | "case_study"; object_id?: number },
): Promise<HistoryEntry[]> {
  const { entries } = await readOperation(author, historyList, { ...query, limit: COMPARABLE });
  return entries.filter((e) => isObjectSnapshot(e.object_type, e.snapshot));
}
