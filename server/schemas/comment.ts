// Params of the comment methods (contract 14.2 rule 5): review comments on a question, in plain
// text. Pure, so the question editor's comment box checks a body with the same rules.
import { z } from "zod";
import { cursor, id, listLimit } from "./common";
import { issueParams } from "./zod-issues";

/** The most characters a comment's body may have, counted after trimming (as `maxLength` counts them: UTF-16 code units). */
export const COMMENT_BODY_MAX = 5000;

/** A line break written as CRLF or a lone CR (another system's) becomes "\n", as a browser's textarea gives it. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * The first control character of `text` other than a tab or a line feed, as "U+001B", or null.
 * U+0000 is left to the params check, which refuses it in every string (server/schemas/params-shape.ts).
 */
export function forbiddenControlCharacter(text: string): string | null {
  // A control character (C0, DEL, C1) but NUL, tab and line feed.
  const found = /(?![\0\t\n])\p{Cc}/u.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

export const commentBody = z
  .string()
  .overwrite(normalizeLineBreaks)
  .trim()
  .min(1)
  .max(COMMENT_BODY_MAX)
  .superRefine((value, ctx) => {
    const found = forbiddenControlCharacter(value);
    if (found) {
      ctx.addIssue({
        code: "custom",
        params: issueParams("invalid_character"),
        message: `contains the control character ${found}; a comment is plain text: only printable characters, line breaks and tabs`,
      });
    }
  })
  .describe(
    `Plain text, trimmed, 1 to ${COMMENT_BODY_MAX} characters; line breaks (\\n, or \\r\\n, stored as \\n) and tabs are kept, other control characters are refused. ` +
      "HTML is not interpreted: the text is stored and returned as given.",
  );

const questionId = id.describe("The question commented on.");

export const commentCreateParams = z.object({ question_id: questionId, body: commentBody });
export const commentResolveParams = z.object({
  id: id.describe("The comment."),
  resolved: z
    .boolean()
    .describe(
      "true resolves the comment (sets resolved_at), false reopens it (clears resolved_at). Sending its current state changes nothing.",
    ),
});
export const commentListParams = z.object({
  question_id: questionId.describe("The question whose comments are listed."),
  limit: listLimit,
  cursor: cursor.optional(),
});

export const COMMENT_CREATE_KEYS = ["question_id", "body"] as const;
export const COMMENT_RESOLVE_KEYS = ["id", "resolved"] as const;
export const COMMENT_LIST_KEYS = ["question_id", "limit", "cursor"] as const;
