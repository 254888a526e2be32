import { commentToApi, commentView, setCommentResolved } from "../data/comments";
import { unknownFieldsWarning } from "../schemas/common";
import { COMMENT_RESOLVE_KEYS, commentResolveParams } from "../schemas/comment";
import { commentToResolve } from "../steps/comment-access";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const commentResolve = defineOperation({
  method: "exam.commentResolve",
  access: "comment",
  summary:
    "Resolve a comment (resolved: true) or reopen it (resolved: false). Like every comment method, it changes neither the question's version nor the exam's status.",
  result: {
    comment: "The comment as stored after the call; resolved_at is when it was resolved, null while it is open.",
  },
  params: commentResolveParams,
  inspect: (raw) => [unknownFieldsWarning(raw, COMMENT_RESOLVE_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    return ctxTransaction(ctx, async (tx) => {
      const stored = await commentToResolve(tx, ctx, input.id);
      await setCommentResolved(tx, stored.id, input.resolved, ctx.actor.userId);
      return { comment: commentToApi((await commentView(tx, stored.id))!) };
    });
  },
});
