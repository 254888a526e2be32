import { caseStudyToApi, listCaseStudies } from "../data/case-studies";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { getExamOrThrow } from "../data/exams";
import { caseStudyListParams } from "../schemas/case-study";
import { defineOperation } from "../operation";

export const caseStudyList = defineOperation({
  method: "exam.caseStudyList",
  access: "read",
  summary: "List an exam's case studies in creation order.",
  result: {
    case_studies: "One page of case studies in creation order.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: caseStudyListParams,
  async run(ctx, input) {
    await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "exam_id" });
    const after = input.cursor ? (decodeCursor(input.cursor, ["int4"])[0] as number) : 0;
    const rows = await listCaseStudies(ctx.db, input.exam_id, after, input.limit + 1);
    const page = rows.slice(0, input.limit);
    return {
      case_studies: page.map(caseStudyToApi),
      next_cursor: rows.length > input.limit ? encodeCursor([page[page.length - 1]!.id]) : null,
    };
  },
});
