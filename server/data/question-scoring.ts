// What the scoring methods read of one question (exam.questionScore, exam.questionTest): its
// type, points, properties and scenarios with its answers, in one statement, reached through its
// exam's workspace as every lookup is (data/access.ts). One round trip per call, not two: a
// thousand questionTest calls are that many statements (bench/scenarios.ts).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam, membership, question } from "@/db/schema";
import { notFound } from "../errors";
import { checkRole, inTokenWorkspace, membershipOfExam, type Who } from "./access";
import type { AnswerRow, QuestionRow } from "./questions";

export type ScoringAnswer = Pick<AnswerRow, "id" | "isCorrect" | "points" | "order">;

export interface ScoringQuestion {
  row: Pick<QuestionRow, "id" | "type" | "points" | "properties" | "scenarios">;
  /** Sorted by order, then id (as questionGet lists them). */
  answers: ScoringAnswer[];
}

/** The question and its answers; -32004 at `path` when the caller may not read it (or it does not exist). */
export async function scoringQuestionOrThrow(db: Db, who: Who, id: number, path = "id"): Promise<ScoringQuestion> {
  const rows = await db
    .select({
      id: question.id,
      type: question.type,
      points: question.points,
      properties: question.properties,
      scenarios: question.scenarios,
      role: membership.role,
      answers: sql<string>`(select coalesce(json_agg(json_build_object('id', a.id, 'isCorrect', a.is_correct, 'points', a.points, 'order', a."order") order by a."order", a.id), '[]')::text from answer a where a.question_id = ${question.id})`,
    })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(question.id, id), inTokenWorkspace(who)));
  const found = rows[0];
  if (!found) throw notFound("question", path, id);
  checkRole(who, found.role);
  const { role: _role, answers, ...row } = found;
  return { row, answers: JSON.parse(answers) as ScoringAnswer[] };
}
