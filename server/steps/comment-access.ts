// Who may do what with comments (contract 14.2 rule 5): the three comment methods ask here. Not
// a member of the exam's workspace (or a token of another workspace): -32004, exactly like a
// question or comment that does not exist; a member whose role (or token scope) does not allow
// what the method needs (list: any member; create and resolve: reviewer or higher, a write
// token): -32003 naming the role, through the one access check (data/access.ts).
import type { Db } from "@/db/client";
import { authorizeInWorkspace, type Who } from "../data/access";
import { commentPlace, questionPlace, type CommentPlace, type CommentRow } from "../data/comments";
import { notFound } from "../errors";

/** Whether the caller reaches the place's workspace; when so, their role must allow the call (-32003). */
async function mayUse(db: Db, who: Who, place: CommentPlace): Promise<boolean> {
  return (await authorizeInWorkspace(db, who, place.workspaceId)) !== null;
}

/**
 * The question `questionId`, to list its comments or comment on it, or -32004 at `path`.
 * For `create` the question row stays locked (FOR SHARE) until the transaction ends, so the
 * comment is stored under the exam the question is in.
 */
export async function questionForComments(
  db: Db,
  who: Who,
  action: "list" | "create",
  questionId: number,
  path = "question_id",
): Promise<CommentPlace> {
  const place = await questionPlace(db, questionId, { lock: action === "create" });
  if (!place || !(await mayUse(db, who, place))) throw notFound("question", path, questionId);
  return place;
}

/** The comment `id`, locked for the rest of the transaction, to resolve or reopen it; or -32004 at `path`. */
export async function commentToResolve(db: Db, who: Who, id: number, path = "id"): Promise<CommentRow> {
  const place = await commentPlace(db, id, { lock: true });
  if (!place || !(await mayUse(db, who, place))) throw notFound("comment", path, id);
  return place.comment;
}
