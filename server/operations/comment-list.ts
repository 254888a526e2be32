import { commentToApi, listComments } from "../data/comments";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { unknownFieldsWarning } from "../schemas/common";
import { COMMENT_LIST_KEYS, commentListParams } from "../schemas/comment";
import { questionForComments } from "../steps/comment-access";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const commentList = defineOperation({
  method: "exam.commentList",
  access: "read",
  summary: "List a question's comments, oldest first, resolved ones included.",
  result: {
    comments: "One page of comments, oldest first, each as commentCreate answers it.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: commentListParams,
  inspect: (raw) => [unknownFieldsWarning(raw, COMMENT_LIST_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    const after = input.cursor ? (decodeCursor(input.cursor, ["int4"])[0] as number) : 0;
    // One transaction per call, reads included, as for every comment method.
    return ctxTransaction(ctx, async (tx) => {
      const place = await questionForComments(tx, ctx, "list", input.question_id);
      const rows = await listComments(tx, place.questionId, after, input.limit + 1);
      const page = rows.slice(0, input.limit);
      return {
        comments: page.map(commentToApi),
        next_cursor: rows.length > input.limit ? encodeCursor([page[page.length - 1]!.id]) : null,
      };
    });
  },
});
