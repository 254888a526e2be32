import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { question } from "@/db/schema";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { getExamOrThrow } from "../data/exams";
import { answerToApiWithPoints, answersOf, questionToApiWithPoints } from "../data/questions";
import { questionListParams } from "../schemas/question-queries";
import { defineOperation } from "./define";

export const questionList = defineOperation({
  method: "exam.questionList",
  summary: "List an exam's questions by position, each with its answers and warnings.",
  params: questionListParams,
  async run(ctx, input) {
    await getExamOrThrow(ctx.db, ctx.actor.userId, input.exam_id, { path: "exam_id" });
    const where: SQL[] = [eq(question.examId, input.exam_id)];
    if (input.type !== undefined) where.push(eq(question.type, input.type));
    if (input.case_study_id !== undefined) where.push(eq(question.caseStudyId, input.case_study_id));
    if (input.external_id !== undefined) where.push(eq(question.externalId, input.external_id));
    if (input.cursor) {
      const [position, id] = decodeCursor(input.cursor, ["number", "number"]) as [number, number];
      where.push(sql`(${question.position}, ${question.id}) > (${position}, ${id})`);
    }
    const rows = await ctx.db
      .select()
      .from(question)
      .where(and(...where))
      .orderBy(asc(question.position), asc(question.id))
      .limit(input.limit + 1);
    const page = rows.slice(0, input.limit);
    const answers = await answersOf(ctx.db, page.map((q) => q.id));
    const last = page[page.length - 1];
    return {
      questions: page.map((q) => ({
        ...questionToApiWithPoints(q),
        position: q.position,
        warnings: q.warnings,
        answers: (answers.get(q.id) ?? []).map(answerToApiWithPoints),
      })),
      next_cursor: rows.length > input.limit && last ? encodeCursor([last.position, last.id]) : null,
    };
  },
});
