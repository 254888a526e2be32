import { recordAudit } from "../data/audit";
import { getExamOrThrow, returnExamToDraft, updateExam } from "../data/exams";
import { questionIdsInOrder, setQuestionPositions } from "../data/question-writes";
import { AppError, type Issue } from "../errors";
import { questionReorderParams } from "../schemas/question-queries";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const questionReorder = defineOperation({
  method: "exam.questionReorder",
  access: "write",
  summary: "Set the order of an exam's questions; question_ids lists every question once.",
  params: questionReorderParams,
  async run(ctx, { exam_id, question_ids }) {
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx, exam_id, { forUpdate: true, path: "exam_id" });
      const current = await questionIdsInOrder(tx, exam_id);
      const issues = orderProblems(current, question_ids);
      if (issues.length > 0) throw new AppError("invalid_params", { issues });
      await setQuestionPositions(tx, question_ids);
      await returnExamToDraft(tx, ctx, exam_id);
      await updateExam(tx, exam_id, { nextPosition: question_ids.length + 1 });
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: exam_id,
        examId: exam_id,
        snapshot: { question_ids },
      });
      return {};
    });
  },
});

function orderProblems(current: number[], given: number[]): Issue[] {
  const issues: Issue[] = [];
  const known = new Set(current);
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const id of given) (seen.has(id) ? duplicates : seen).add(id);
  const unknown = given.filter((id) => !known.has(id));
  const missing = current.filter((id) => !seen.has(id));
  if (duplicates.size)
    issues.push({
      code: "duplicate",
      path: "question_ids",
      message: `lists question(s) ${[...duplicates].join(", ")} more than once; list each question of the exam exactly once`,
    });
  if (unknown.length)
    issues.push({
      code: "unknown_question",
      path: "question_ids",
      message: `question(s) ${unknown.join(", ")} are not questions of this exam`,
    });
  if (missing.length)
    issues.push({
      code: "missing_question",
      path: "question_ids",
      message: `question(s) ${missing.join(", ")} of this exam are missing; list every question of the exam exactly once`,
    });
  return issues;
}
