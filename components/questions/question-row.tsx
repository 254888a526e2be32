"use client";
// One row of the question list. The sortable wrapper re-renders while something is dragged;
// the row's content is memoised apart from it, so a drag over 1,000 rows stays cheap.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Link from "next/link";
import { memo } from "react";
import { cn } from "../ui/cn";
import type { QuestionListItem } from "./list-item";
import { questionTypeInfo } from "./question-types";
import { RowIcon } from "./row-icons";

export interface RowActions {
  move: (id: number, delta: -1 | 1) => void;
  /** Ticks or unticks the question for the bulk actions. */
  select: (id: number, on: boolean) => void;
  duplicate: (id: number) => void;
  remove: (id: number) => void;
}

export interface QuestionRowProps {
  examId: number;
  item: QuestionListItem;
  /** 1-based position in the whole (unfiltered) exam. */
  position: number;
  /** The last question of the exam (it cannot move down). */
  last: boolean;
  reorderable: boolean;
  /** Duplicate and delete are offered (the person's role allows changes). */
  editable: boolean;
  busy: boolean;
  /** Ticked for the bulk actions (offered when editable). */
  selected: boolean;
  actions: RowActions;
}

export function QuestionRow(props: QuestionRowProps) {
  const { item, position, reorderable } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !reorderable,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        "relative flex items-start gap-1.5 border-b border-slate-200 bg-white px-2 py-2 last:border-b-0 sm:gap-2",
        isDragging && "z-10 shadow-lg ring-1 ring-brand-600",
      )}
      data-testid="question-row"
      data-question-id={item.id}
    >
      {reorderable ? (
        <button
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          type="button"
          aria-label={`Reorder question ${position}`}
          className="mt-0.5 flex h-7 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
        >
          <RowIcon name="grip" className="size-4" />
        </button>
      ) : (
        <span aria-hidden className="h-7 w-6 shrink-0" />
      )}
      <RowContent {...props} />
    </li>
  );
}

// Move buttons at the ends are aria-disabled, not disabled: the focus stays on a button that
// just moved its row to the top or bottom.
const ICON_BUTTON =
  "flex size-7 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-30 aria-disabled:cursor-default aria-disabled:opacity-30 aria-disabled:hover:bg-transparent";

/** Same row, same content: a refresh from the server brings new objects with the same values. */
function sameRow(a: QuestionRowProps, b: QuestionRowProps): boolean {
  const x = a.item;
  const y = b.item;
  return (
    a.examId === b.examId &&
    a.position === b.position &&
    a.last === b.last &&
    a.reorderable === b.reorderable &&
    a.editable === b.editable &&
    a.busy === b.busy &&
    a.selected === b.selected &&
    a.actions === b.actions &&
    x.id === y.id &&
    x.type === y.type &&
    x.text === y.text &&
    x.externalId === y.externalId &&
    x.caseStudyName === y.caseStudyName &&
    x.domainCode === y.domainCode &&
    x.tags.join("\n") === y.tags.join("\n") &&
    x.openComments === y.openComments &&
    x.warnings.length === y.warnings.length &&
    x.warnings.every((w, i) => w === y.warnings[i])
  );
}

const RowContent = memo(function RowContent({
  examId,
  item,
  position,
  last,
  reorderable,
  editable,
  busy,
  selected,
  actions,
}: QuestionRowProps) {
  // On a phone the type goes above the text, the text takes two lines and the four buttons a
  // square, so the text keeps most of the row; from sm up, one line with the type as a column.
  return (
    <>
      {editable && (
        <input
          type="checkbox"
          className="mt-1.5 size-4 shrink-0 accent-brand-600"
          aria-label={`Select question ${position}`}
          checked={selected}
          onChange={(e) => actions.select(item.id, e.target.checked)}
          data-testid="question-select"
        />
      )}
      <span
        className="mt-1 w-8 shrink-0 text-right text-sm text-slate-500 tabular-nums sm:w-10"
        data-testid="question-position"
      >
        {position}
      </span>
      <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-start sm:gap-2">
        <span className="mt-1 inline-flex shrink-0 items-center gap-1.5 text-xs text-slate-700 sm:w-36 sm:text-sm">
          <RowIcon name={`type-${item.type}`} className="size-4 shrink-0 text-slate-500" />
          {questionTypeInfo(item.type).name}
        </span>
        <div className="min-w-0 flex-1 py-0.5">
          <Link
            href={`/exams/${examId}/questions/${item.id}`}
            prefetch={false}
            className="line-clamp-2 text-sm font-medium wrap-break-word text-slate-900 hover:text-brand-700 hover:underline sm:block sm:truncate"
            data-testid="question-text"
          >
            {item.text || <span className="text-slate-500 italic">(no text)</span>}
          </Link>
          {(item.caseStudyName ||
            item.externalId ||
            item.openComments > 0 ||
            item.domainCode !== null ||
            item.tags.length > 0) && (
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
              {item.openComments > 0 && (
                <span
                  className="inline-flex items-center gap-1 rounded bg-brand-50 px-1.5 font-medium text-brand-700"
                  data-testid="open-comments"
                >
                  <RowIcon name="comment" className="size-3.5 shrink-0" />
                  {/* Read as "2 open comments"; the badge shows "2 comments". */}
                  <span>
                    {item.openComments} <span className="sr-only">open </span>
                    {item.openComments === 1 ? "comment" : "comments"}
                  </span>
                </span>
              )}
              {item.caseStudyName && (
                <span className="inline-flex min-w-0 items-center gap-1">
                  <RowIcon name="case-study" className="size-3.5 shrink-0" />
                  <span className="sr-only">Case study:</span>
                  <span className="truncate">{item.caseStudyName}</span>
                </span>
              )}
              {item.externalId && (
                <span className="truncate">
                  External ID: <span className="font-mono text-slate-600">{item.externalId}</span>
                </span>
              )}
              {item.domainCode !== null && (
                <span className="truncate" data-testid="question-domain">
                  Domain <span className="font-medium text-slate-600">{item.domainCode}</span>
                </span>
              )}
              {item.tags.length > 0 && (
                <span className="truncate" data-testid="question-tags">
                  <span className="sr-only">Tags:</span>
                  {item.tags.map((t) => `#${t}`).join(" ")}
                </span>
              )}
            </div>
          )}
          {item.warnings.length > 0 && (
            <ul
              className="mt-1 flex flex-col gap-0.5 text-xs text-amber-800"
              aria-label={`Warnings of question ${position}`}
              data-testid="question-warnings"
            >
              {item.warnings.map((w, i) => (
                <li key={i} className="flex items-start gap-1">
                  <RowIcon name="warning" className="mt-px size-3.5 shrink-0 text-amber-600" />
                  <span>{w}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-0.5 sm:flex sm:items-center">
        {reorderable && (
          <>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`Move question ${position} up`}
              title="Move up"
              aria-disabled={position === 1}
              onClick={() => position > 1 && actions.move(item.id, -1)}
            >
              <RowIcon name="up" className="size-4" />
            </button>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`Move question ${position} down`}
              title="Move down"
              aria-disabled={last}
              onClick={() => !last && actions.move(item.id, 1)}
            >
              <RowIcon name="down" className="size-4" />
            </button>
          </>
        )}
        {editable && (
          <>
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`Duplicate question ${position}`}
              title="Duplicate"
              disabled={busy}
              onClick={() => actions.duplicate(item.id)}
            >
              <RowIcon name="copy" className="size-4" />
            </button>
            <button
              type="button"
              className={cn(ICON_BUTTON, "hover:bg-red-50 hover:text-red-700")}
              aria-label={`Delete question ${position}`}
              title="Delete"
              disabled={busy}
              onClick={() => actions.remove(item.id)}
            >
              <RowIcon name="trash" className="size-4" />
            </button>
          </>
        )}
      </div>
    </>
  );
}, sameRow);
