// Who may do what with comments: the one place the three comment methods ask (contract 14.2
// rule 5). Today an exam has one person, its owner, who may do all three; anyone else's question
// or comment answers -32004 exactly like one that does not exist (contract 2.3).
//
// With workspaces (contract 14.1) only `mayUse` changes: not a member of the exam's workspace →
// -32004 as now; a member whose role does not allow the action → -32003 naming the role it needs
// (list: any member; create and resolve: reviewer, editor or owner).
import type { Db } from "@/db/client";
import { commentPlace, questionPlace, type CommentPlace, type CommentRow } from "../data/comments";
import { notFound } from "../errors";
import type { Actor } from "./define";

export type CommentAction = "list" | "create" | "resolve";

/** The access rule itself: whether `actor` may take `action` on comments of the question at `place`. */
function mayUse(actor: Actor, place: CommentPlace, action: CommentAction): boolean {
  void action; // every action needs the same today: the exam is the actor's
  return place.ownerId === actor.userId;
}

/**
 * The question `questionId`, to list its comments or comment on it, or -32004 at `path`.
 * For `create` the question row stays locked (FOR SHARE) until the transaction ends, so the
 * comment is stored under the exam the question is in.
 */
export async function questionForComments(db: Db, actor: Actor, action: "list" | "create", questionId: number, path = "question_id"): Promise<CommentPlace> {
  const place = await questionPlace(db, questionId, { lock: action === "create" });
  if (!place || !mayUse(actor, place, action)) throw notFound("question", path, questionId);
  return place;
}

/** The comment `id`, locked for the rest of the transaction, to resolve or reopen it; or -32004 at `path`. */
export async function commentToResolve(db: Db, actor: Actor, id: number, path = "id"): Promise<CommentRow> {
  const place = await commentPlace(db, id, { lock: true });
  if (!place || !mayUse(actor, place, "resolve")) throw notFound("comment", path, id);
  return place.comment;
}
