"use client";
// The comment panel's state: the comments read so far (oldest first), the one being written, and
// the calls that add, resolve, reopen and read more, all through the app's one server action.
import { useCallback, useState } from "react";
import { commentCreateParams } from "@/server/schemas/comment";
import { parseWith } from "@/server/schemas/zod-issues";
import type { Issue } from "@/server/errors";
import { authorText } from "../issues/author-text";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import type { ResultOf } from "@/server/rpc/operation-types";
import { mergeComments } from "./merge";

export type Comment = ResultOf<"exam.commentCreate">["comment"];

export interface CommentPage {
  comments: Comment[];
  next_cursor: string | null;
}

/** What the last action did, said in the panel's live region; or why it failed. */
export type Notice = { tone: "done" | "failed"; text: string };

const PAGE = 200;

/** The issues of a failed add: those at the body go to the box, the rest are said in the notice. */
function bodyMessages(issues: readonly Issue[]): string[] {
  return issues.filter((i) => i.path === "body").map((i) => authorText(i));
}

export function useComments(questionId: number, initial: CommentPage) {
  const [comments, setComments] = useState<Comment[]>(initial.comments);
  const [nextCursor, setNextCursor] = useState(initial.next_cursor);
  const [draft, setDraft] = useState("");
  const [draftErrors, setDraftErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const edit = useCallback((text: string) => {
    setDraft(text);
    setDraftErrors([]);
  }, []);

  /** Sends the comment being written; true when it was added (the box is then empty). */
  const add = useCallback(async (): Promise<boolean> => {
    if (adding) return false;
    // Checked as the API checks it, so an empty or too long comment is not sent at all.
    const checked = parseWith(commentCreateParams, { question_id: questionId, body: draft });
    if (!checked.ok) {
      setDraftErrors(bodyMessages(checked.issues));
      return false;
    }
    setAdding(true);
    const outcome = await callOperation("exam.commentCreate", { question_id: questionId, body: draft });
    setAdding(false);
    if (!outcome.ok) {
      const atBody = bodyMessages(outcome.issues);
      setDraftErrors(atBody);
      if (atBody.length === 0)
        setNotice({ tone: "failed", text: `The comment was not added. ${failureText(outcome)}` });
      return false;
    }
    setComments((list) => mergeComments(list, [outcome.result.comment]));
    setDraft("");
    setDraftErrors([]);
    setNotice({ tone: "done", text: "Comment added." });
    return true;
  }, [adding, draft, questionId]);

  /** Resolves (true) or reopens (false) a comment. */
  const setResolved = useCallback(async (id: number, resolved: boolean) => {
    setBusyIds((s) => new Set(s).add(id));
    const outcome = await callOperation("exam.commentResolve", { id, resolved });
    setBusyIds((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
    if (!outcome.ok) {
      setNotice({
        tone: "failed",
        text: `The comment was not ${resolved ? "resolved" : "reopened"}. ${failureText(outcome)}`,
      });
      return;
    }
    setComments((list) => mergeComments(list, [outcome.result.comment]));
    setNotice({ tone: "done", text: resolved ? "Comment resolved." : "Comment reopened." });
  }, []);

  /** Reads the next page (newer comments) when the first did not hold them all. */
  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    const outcome = await callOperation("exam.commentList", {
      question_id: questionId,
      limit: PAGE,
      cursor: nextCursor,
    });
    setLoadingMore(false);
    if (!outcome.ok) {
      setNotice({ tone: "failed", text: `More comments could not be read. ${failureText(outcome)}` });
      return;
    }
    setComments((list) => mergeComments(list, outcome.result.comments));
    setNextCursor(outcome.result.next_cursor);
  }, [loadingMore, nextCursor, questionId]);

  return {
    comments,
    nextCursor,
    draft,
    edit,
    draftErrors,
    adding,
    add,
    busyIds,
    setResolved,
    loadingMore,
    loadMore,
    notice,
  };
}
