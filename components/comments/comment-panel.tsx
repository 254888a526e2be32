"use client";
// Review comments on a stored question, below its editor: the open comments oldest first, the
// resolved ones behind "Show resolved (N)", and a box to add one. Comments are not the question's
// content: adding or resolving one saves nothing of the question, and the panel sits outside the
// editor's form (it has its own), so typing here never marks the question unsaved.
import { CheckCircle2, Loader2, MessageSquare, RotateCcw } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { COMMENT_BODY_MAX } from "@/server/schemas/comment";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Field, Textarea } from "../ui/field";
import { useRoleBlock } from "../workspaces/role-context";
import { formatDateTime } from "../ui/format";
import { splitByResolved } from "./merge";
import { useComments, type Comment, type CommentPage } from "./use-comments";

/** The count shows once the text comes near the limit. */
const COUNT_FROM = COMMENT_BODY_MAX - 500;

export function CommentPanel({
  questionId,
  initial,
  className,
}: {
  questionId: number;
  initial: CommentPage;
  className?: string;
}) {
  const blocked = useRoleBlock("comment");
  const state = useComments(questionId, initial);
  const { open, resolved } = splitByResolved(state.comments);
  const [showResolved, setShowResolved] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const resolvedListId = `${ids}-resolved`;

  // After a comment is resolved or reopened it moves to the other list: the focus follows it, or
  // goes to the toggle while the resolved list is closed. (Set once the call is answered, so the
  // effect runs after the render that moved it.)
  const [follow, setFollow] = useState<{ id: number } | null>(null);
  useEffect(() => {
    if (!follow) return;
    const moved = document.getElementById(`comment-${follow.id}`);
    (moved && !moved.closest("[hidden]") ? moved : toggle.current)?.focus();
  }, [follow]);

  // The focus stays in the box: to write the next comment, or to correct this one.
  const submit = async () => {
    await state.add();
    box.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl+Enter (⌘Enter) adds the comment; Enter alone is a new line.
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };
  const act = async (id: number, resolve: boolean) => {
    await state.setResolved(id, resolve);
    setFollow({ id });
  };

  return (
    <section
      id="comments"
      aria-labelledby={`${ids}-heading`}
      className={cn("flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4", className)}
      data-testid="comment-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-base font-semibold">
          <MessageSquare aria-hidden className="size-4 text-slate-500" />
          Review comments
        </h2>
        <p className="text-sm text-slate-600" data-testid="comment-counts">
          {open.length} open{resolved.length > 0 ? ` · ${resolved.length} resolved` : ""}
        </p>
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Notes for the people working on this exam. They are not part of the question: adding or resolving one does not
        change the question or the exam.
      </p>

      {open.length === 0 ? (
        <p className="text-sm text-slate-600">{resolved.length > 0 ? "No open comments." : "No comments yet."}</p>
      ) : (
        <ol aria-label="Open comments" className="flex flex-col gap-3">
          {open.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              busy={state.busyIds.has(c.id)}
              blocked={blocked}
              onAction={() => void act(c.id, true)}
            />
          ))}
        </ol>
      )}

      {resolved.length > 0 && (
        <div className="flex flex-col gap-3">
          <div>
            <Button
              ref={toggle}
              variant="ghost"
              size="sm"
              aria-expanded={showResolved}
              aria-controls={resolvedListId}
              onClick={() => setShowResolved((s) => !s)}
            >
              <CheckCircle2 aria-hidden className="size-4 text-emerald-700" />
              {showResolved ? "Hide resolved" : "Show resolved"} ({resolved.length})
            </Button>
          </div>
          <ol id={resolvedListId} aria-label="Resolved comments" hidden={!showResolved} className="flex flex-col gap-3">
            {resolved.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                busy={state.busyIds.has(c.id)}
                blocked={blocked}
                onAction={() => void act(c.id, false)}
              />
            ))}
          </ol>
        </div>
      )}

      {state.nextCursor && (
        <div>
          <Button variant="secondary" size="sm" disabled={state.loadingMore} onClick={() => void state.loadMore()}>
            {state.loadingMore && <Loader2 aria-hidden className="size-4 animate-spin" />}
            Show more comments
          </Button>
        </div>
      )}

      {blocked ? (
        <p className="border-t border-slate-200 pt-4 text-sm text-slate-600" data-testid="comment-blocked">
          {blocked}
        </p>
      ) : (
        <form
          className="flex flex-col gap-2 border-t border-slate-200 pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Field
            label="New comment"
            help="Plain text; line breaks are kept. Ctrl+Enter adds it."
            errors={state.draftErrors}
          >
            {(a) => (
              <Textarea
                {...a}
                ref={box}
                rows={3}
                value={state.draft}
                onChange={(e) => state.edit(e.target.value)}
                onKeyDown={onKeyDown}
                className="min-h-20 w-full resize-y"
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p
              className={cn(
                "text-xs",
                state.draft.trim().length > COMMENT_BODY_MAX ? "text-red-700" : "text-slate-500",
              )}
              aria-live="polite"
            >
              {state.draft.trim().length >= COUNT_FROM
                ? `${state.draft.trim().length} of ${COMMENT_BODY_MAX} characters`
                : ""}
            </p>
            <Button type="submit" variant="primary" disabled={state.adding}>
              {state.adding && <Loader2 aria-hidden className="size-4 animate-spin" />}
              Add comment
            </Button>
          </div>
        </form>
      )}

      {/* What the last action did; a failure is said at once. */}
      <p
        role="status"
        className={cn("text-sm", state.notice?.tone === "failed" ? "text-red-700" : "sr-only")}
        data-testid="comment-notice"
      >
        {state.notice?.text}
      </p>
    </section>
  );
}

function CommentItem({
  comment,
  busy,
  blocked,
  onAction,
}: {
  comment: Comment;
  busy: boolean;
  blocked: string | null;
  onAction: () => void;
}) {
  const { author } = comment;
  const headingId = `comment-${comment.id}-by`;
  return (
    <li>
      <article
        id={`comment-${comment.id}`}
        tabIndex={-1}
        aria-labelledby={headingId}
        className={cn(
          "flex flex-col gap-1.5 rounded-md border p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
          comment.resolved ? "border-slate-200 bg-slate-50 text-slate-600" : "border-slate-200 bg-white text-slate-900",
        )}
        data-testid="comment"
        data-comment-id={comment.id}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
          <h3 id={headingId} className="min-w-0 font-medium break-words">
            {author.name}
            {author.name !== author.email && (
              <span className="ml-1.5 font-normal [overflow-wrap:anywhere] text-slate-600">{author.email}</span>
            )}
          </h3>
          <time dateTime={comment.created_at} className="text-xs text-slate-600">
            {formatDateTime(comment.created_at)}
          </time>
          {comment.resolved && (
            <span className="inline-flex items-center gap-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
              <CheckCircle2 aria-hidden className="size-3.5" />
              Resolved
              {comment.resolved_at && (
                <time dateTime={comment.resolved_at}> {formatDateTime(comment.resolved_at)}</time>
              )}
            </span>
          )}
        </header>
        {/* Plain text as written: line breaks and tabs kept, nothing read as HTML. */}
        <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="comment-body">
          {comment.body}
        </p>
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || blocked !== null}
            title={blocked ?? undefined}
            onClick={onAction}
            aria-describedby={headingId}
          >
            {busy ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : comment.resolved ? (
              <RotateCcw aria-hidden className="size-4" />
            ) : (
              <CheckCircle2 aria-hidden className="size-4" />
            )}
            {comment.resolved ? "Reopen" : "Resolve"}
          </Button>
        </div>
      </article>
    </li>
  );
}
