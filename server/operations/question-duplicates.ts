// exam.questionDuplicates (contract 15.2 point 3): the near duplicates of a workspace, or those
// that involve one exam, as groups of questions linked by pairs at least `threshold` similar. The
// database finds the pairs through the trigram index (server/data/question-duplicates.ts); the
// grouping is pure (server/domain/duplicates).
import { getExamOrThrow } from "../data/exams";
import { similarPairs } from "../data/question-duplicates";
import { callerWorkspace } from "../data/workspaces";
import { groupDuplicates } from "../domain/duplicates";
import { unknownFieldsWarning } from "../schemas/common";
import { QUESTION_DUPLICATES_KEYS, questionDuplicatesParams } from "../schemas/question-duplicates";
import { defineOperation } from "../operation";

export const questionDuplicates = defineOperation({
  method: "exam.questionDuplicates",
  access: "read",
  summary:
    "Find near duplicates: groups of questions whose question texts are at least `threshold` similar, in the caller's workspace or involving one exam.",
  result: {
    groups:
      "The groups, each a list of {id, exam_id, similarity}: questions linked by pairs at least threshold similar (a chain a–b–c is one group), with each question's highest similarity to another question of its group, to 4 decimal places. Members by similarity, highest first, then by id; groups by their highest similarity, then by their smallest id.",
  },
  params: questionDuplicatesParams,
  inspect: (raw) => [unknownFieldsWarning(raw, QUESTION_DUPLICATES_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    const examId = input.exam_id ?? null;
    const workspaceId =
      examId === null
        ? await callerWorkspace(ctx.db, ctx)
        : (await getExamOrThrow(ctx.db, ctx, examId, { path: "exam_id" })).workspaceId;
    const pairs = await similarPairs(ctx.db, { workspaceId, examId, threshold: input.threshold });
    return {
      groups: groupDuplicates(pairs).map((group) =>
        group.map((m) => ({ id: m.id, exam_id: m.examId, similarity: m.similarity })),
      ),
    };
  },
});
