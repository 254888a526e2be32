import { decodeCursor, encodeCursor } from "../data/cursor";
import { questionPage } from "../data/question-page";
import type { answerToApiWithPoints, questionToApiWithPoints } from "../data/questions";
import { notFound } from "../errors";
import { RawJson } from "../raw-json";
import { questionListParams } from "../schemas/question-queries";
import { defineOperation } from "../operation";

/** A questionList item: questionGet's view with its position, its rule warnings and its answers. */
export type QuestionListItem = ReturnType<typeof questionToApiWithPoints> & {
  position: number;
  warnings: { code: string; path: string; message: string }[];
  answers: ReturnType<typeof answerToApiWithPoints>[];
};

export const questionList = defineOperation({
  method: "exam.questionList",
  access: "read",
  summary: "List an exam's questions by position, each with its answers and warnings.",
  result: {
    questions:
      "One page in position order: each as questionGet answers it (domain_id, tags and copied_from included), plus position, warnings (from its last save) and answers.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: questionListParams,
  async run(ctx, input) {
    const after = input.cursor
      ? (([position, id]) => ({ position, id }))(decodeCursor(input.cursor, ["int4", "int4"]) as [number, number])
      : undefined;
    const page = await questionPage(ctx.db, {
      examId: input.exam_id,
      who: ctx,
      limit: input.limit,
      type: input.type,
      caseStudyId: input.case_study_id,
      externalId: input.external_id,
      domainId: input.domain_id,
      tag: input.tag,
      after,
    });
    if (!page) throw notFound("exam", "exam_id", input.exam_id);
    return {
      // Written into the response as the database wrote it (see question-page.ts).
      questions: new RawJson<QuestionListItem[]>(page.itemsJson),
      next_cursor: page.next ? encodeCursor([page.next.position, page.next.id]) : null,
    };
  },
});
