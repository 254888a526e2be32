// What the question editor says of copies (contract 15.2 point 2): where a copy came from
// ("Copied from Question 7 of NET-1", or that the original is gone or out of reach) and the
// copies an original has, each as its number in its exam. A read of its own beside the
// operations (no API method lists a question's copies), with the same access: only what the
// person can read is named.
import "server-only";
import { getAppContext } from "../app-context";
import { readerOf } from "../data/access";
import { copiesOf } from "../data/question-copy";
import { getExamOrThrow } from "../data/exams";
import { AppError } from "../errors";
import { getQuestionOrThrow, questionNumbers } from "../data/questions";
import { webActor, type Author } from "./session";

/** A question named as an author knows it: its number in its exam, and the exam's code and title. */
export interface QuestionPlace {
  questionId: number;
  examId: number;
  number: number;
  examCode: string;
  examTitle: string;
}

export type CopyOrigin =
  | { kind: "found"; place: QuestionPlace; version: number }
  /** Deleted, or in an exam the person cannot read: the two are not told apart. */
  | { kind: "absent"; questionId: number; version: number };

export interface QuestionCopies {
  origin: CopyOrigin | null;
  copies: QuestionPlace[];
  /** Copies in exams the person cannot read, counted only. */
  hiddenCopies: number;
}

export async function readQuestionCopies(
  author: Author,
  questionId: number,
  copiedFrom: { question_id: number; exam_id: number; version: number } | null,
): Promise<QuestionCopies> {
  const { db } = await getAppContext();
  const who = readerOf(webActor(author));
  const numbers = new Map<number, Promise<ReadonlyMap<number, number>>>();
  const numberOf = (examId: number) => {
    if (!numbers.has(examId)) numbers.set(examId, questionNumbers(db, who, examId));
    return numbers.get(examId)!;
  };

  let origin: CopyOrigin | null = null;
  if (copiedFrom) {
    const { question_id, version } = copiedFrom;
    origin = { kind: "absent", questionId: question_id, version };
    // The original may have moved to another exam since: its number is looked up where it is now.
    const examId = await examOfQuestion(db, who, question_id);
    if (examId !== null) {
      const number = (await numberOf(examId)).get(question_id);
      const exam = await readableExam(db, who, examId);
      if (number !== undefined && exam)
        origin = {
          kind: "found",
          version,
          place: { questionId: question_id, examId, number, examCode: exam.code, examTitle: exam.title },
        };
    }
  }

  const { copies: rows, hidden } = await copiesOf(db, who, questionId);
  const copies: QuestionPlace[] = [];
  for (const row of rows) {
    const number = (await numberOf(row.examId)).get(row.id);
    if (number !== undefined)
      copies.push({ questionId: row.id, examId: row.examId, number, examCode: row.examCode, examTitle: row.examTitle });
  }
  return { origin, copies, hiddenCopies: hidden };
}

type Db = Awaited<ReturnType<typeof getAppContext>>["db"];
type Who = ReturnType<typeof readerOf>;

async function readableExam(db: Db, who: Who, examId: number) {
  try {
    return await getExamOrThrow(db, who, examId);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The exam of a question the person can read, or null. */
async function examOfQuestion(db: Db, who: Who, questionId: number): Promise<number | null> {
  try {
    return (await getQuestionOrThrow(db, who, questionId)).examId;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
