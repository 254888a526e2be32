import { recordAudit } from "../data/audit";
import { deleteCaseStudy, getCaseStudyOrThrow, questionIdsUsingCaseStudy } from "../data/case-studies";
import { getExamOrThrow, returnExamToDraft } from "../data/exams";
import { checkVersion, lockVersion } from "../data/versions";
import { AppError, notFound } from "../errors";
import { caseStudyDeleteParams } from "../schemas/case-study";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const caseStudyDelete = defineOperation({
  method: "exam.caseStudyDelete",
  access: "write",
  summary: "Delete a case study that no question uses.",
  params: caseStudyDeleteParams,
  async run(ctx, { id, expected_version }) {
    const stored = await getCaseStudyOrThrow(ctx.db, ctx, id);
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx, stored.examId, { forUpdate: true });
      const locked = await lockVersion(tx, "case_study", id);
      if (!locked) throw notFound("case study", "id", id);
      await checkVersion(tx, "case_study", id, locked, expected_version);
      const ids = await questionIdsUsingCaseStudy(tx, id);
      if (ids.length > 0) {
        throw new AppError("invalid_params", {
          issues: [
            {
              code: "case_study_in_use",
              path: "id",
              message: `case study ${id} is used by question(s) ${ids.join(", ")}; change or delete them first`,
            },
          ],
          data: { question_ids: ids },
        });
      }
      await deleteCaseStudy(tx, id);
      await returnExamToDraft(tx, ctx, stored.examId);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "case_study",
        objectId: id,
        examId: stored.examId,
        snapshot: null,
      });
      return {};
    });
  },
});
