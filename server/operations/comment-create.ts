import { commentToApi, commentView, insertComment } from "../data/comments";
import { unknownFieldsWarning } from "../schemas/common";
import { COMMENT_CREATE_KEYS, commentCreateParams } from "../schemas/comment";
import { questionForComments } from "../steps/comment-access";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const commentCreate = defineOperation({
  method: "exam.commentCreate",
  access: "comment",
  summary:
    "Comment on a question, in plain text. A comment is not question content: the question's version, the exam's status and the history stay as they are.",
  result: {
    comment:
      "The comment as stored: id, question_id, body (plain text, trimmed), author (email, name), created_at, resolved (false), resolved_at (null).",
  },
  params: commentCreateParams,
  inspect: (raw) => [unknownFieldsWarning(raw, COMMENT_CREATE_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    return ctxTransaction(ctx, async (tx) => {
      const place = await questionForComments(tx, ctx, "create", input.question_id);
      const id = await insertComment(tx, {
        questionId: place.questionId,
        examId: place.examId,
        authorId: ctx.actor.userId,
        body: input.body,
      });
      return { comment: commentToApi((await commentView(tx, id))!) };
    });
  },
});
