"use client";
// The exam's questions: filter and search on the client (use-question-filter.ts), reorder by
// drag or keyboard (use-question-moves.ts, saved by use-question-order.ts), duplicate
// (use-question-duplicate.ts), delete (use-question-delete.ts). Every question of the exam is
// loaded once by the page; rows are light and memoised so 1,000 of them stay quick.
import { closestCenter, DndContext } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { ReadyExamWarning } from "../exams/ready-exam-guard";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { QuestionListItem } from "./list-item";
import type { ListLatest } from "./list-latest";
import { NearDuplicatesDialog } from "./near-duplicates-dialog";
import { NewQuestionMenu } from "./new-question-menu";
import type { DomainView } from "@/server/data/domains";
import { DomainSummary } from "./domain-summary";
import { NO_FILTER, QuestionFilters, tagsOf } from "./question-filters";
import { QuestionRow, type RowActions } from "./question-row";
import { RowIconSprite } from "./row-icons";
import { useListFeedback } from "./use-list-feedback";
import { useQuestionDelete } from "./use-question-delete";
import { useQuestionDuplicate } from "./use-question-duplicate";
import { useQuestionFilter } from "./use-question-filter";
import { SCREEN_READER_INSTRUCTIONS, useQuestionMoves } from "./use-question-moves";
import { useQuestionOrder } from "./use-question-order";
import { useRoleBlock } from "@/components/workspaces/role-context";
import { BulkBar } from "./bulk-bar";
import { useSelection } from "./use-selection";

export function QuestionList({
  examId,
  questions,
  domains = [],
  presented = 0,
}: {
  examId: number;
  questions: QuestionListItem[];
  /** The exam's blueprint: the domain filter and the count of each domain's questions. */
  domains?: readonly DomainView[];
  /** testing_questions in effect: each weighted domain's quota is its share of them. */
  presented?: number;
}) {
  const router = useRouter();
  const refresh = useCallback(() => router.refresh(), [router]);
  const order = useQuestionOrder(examId, questions, refresh);
  const items = order.items;
  const positions = useMemo(() => new Map(items.map((q, i) => [q.id, i + 1])), [items]);
  const { filter, setFilter, filtering, shown, visible, visibleIds } = useQuestionFilter(items);
  const tags = useMemo(() => tagsOf(items), [items]);
  const roleBlocked = useRoleBlock("write");
  const editable = roleBlocked === null;
  const reorderable = editable && !filtering && items.length > 1;
  const feedback = useListFeedback();
  const { busy, status, setStatus, error, setError } = feedback;

  // The rows get one stable actions object (so memoised rows do not re-render); it calls the
  // handlers of the latest render through this ref, stored once the render is committed.
  const latest = useRef<ListLatest>({ items, positions, reorder: order.reorder, replace: order.replace });
  useLayoutEffect(() => {
    latest.current = { items, positions, reorder: order.reorder, replace: order.replace };
  });

  const { moveBy, sensors, onDragEnd, announcements } = useQuestionMoves(latest, setStatus);
  const duplicate = useQuestionDuplicate(latest, feedback, refresh);
  const { askDelete, confirmDelete, closeDeleteDialog, deleting } = useQuestionDelete(latest, feedback, refresh);
  // The question the delete dialog asks about; once it is gone from the list, the dialog closes.
  const pendingDelete = deleting !== null ? items.find((q) => q.id === deleting) : undefined;

  const listedIds = useMemo(() => items.map((q) => q.id), [items]);
  const shownIds = useMemo(() => shown.map((q) => q.id), [shown]);
  const selection = useSelection(listedIds, shownIds);
  const { toggle: select } = selection;
  // The selection in exam order, with each question's number.
  const selected = useMemo(
    () => items.filter((q) => selection.selected.has(q.id)).map((q) => ({ id: q.id, position: positions.get(q.id)! })),
    [items, positions, selection.selected],
  );
  const caseStudies = useMemo(() => {
    const byId = new Map<number, string>();
    for (const q of items)
      if (q.caseStudyId !== null && q.caseStudyName !== null) byId.set(q.caseStudyId, q.caseStudyName);
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [items]);

  const actions = useMemo<RowActions>(
    () => ({ move: moveBy, select, duplicate: (id) => void duplicate(id), remove: askDelete }),
    [moveBy, select, duplicate, askDelete],
  );

  const message = order.error ?? error;

  return (
    <section aria-labelledby="questions-heading" className="flex flex-col gap-3">
      {/* The exam page's tab and header already show the title and count. */}
      <h2 id="questions-heading" className="sr-only">
        Questions ({items.length})
      </h2>
      {/* Messages about moves sit beside the toolbar, not above the rows: a message appearing
          there would shift the rows under the pointer between two clicks on "Move down". */}
      <div className="flex flex-wrap items-end justify-between gap-3">
        {items.length > 0 ? (
          <QuestionFilters filter={filter} onChange={setFilter} domains={domains} tags={tags} />
        ) : (
          <span />
        )}
        <div className="ml-auto flex items-center gap-3">
          <p role="status" data-testid="question-list-status" className="max-w-sm text-right text-sm text-slate-600">
            {order.saving && !status ? "Saving the order…" : status}
          </p>
          {items.length > 0 && <NearDuplicatesDialog examId={examId} items={items} positions={positions} />}
          <NewQuestionMenu examId={examId} />
        </div>
      </div>

      {items.length > 0 && (
        <DomainSummary
          domains={domains}
          presented={presented}
          items={items}
          selected={filter.domain}
          onSelect={(domain) => setFilter({ ...filter, domain })}
        />
      )}

      {editable && items.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={selection.allShown}
              ref={(el) => {
                if (el) el.indeterminate = selection.someShown && !selection.allShown;
              }}
              onChange={selection.toggleAll}
              data-testid="question-select-all"
            />
            {filtering ? "Select all shown" : "Select all"}
          </label>
        </div>
      )}

      {selected.length > 0 && (
        <BulkBar
          examId={examId}
          selected={selected}
          domains={domains}
          caseStudies={caseStudies}
          onClear={selection.clear}
          setStatus={setStatus}
          setError={setError}
          onDone={refresh}
        />
      )}

      {message && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="flex-1">{message}</p>
          <button
            type="button"
            aria-label="Dismiss message"
            className="rounded p-0.5 hover:bg-red-100"
            onClick={() => {
              setError(null);
              order.clearError();
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}

      {items.length > 0 && filtering && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>
            Showing {shown.length} of {items.length}. Reordering is off while filtering.
          </span>
          <Button size="sm" variant="ghost" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </Button>
        </div>
      )}

      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-800">No questions yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Add the first one with “New question”: choose its type, then write it in the editor.
          </p>
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
          No question matches these filters.
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        >
          <RowIconSprite />
          <SortableContext items={visibleIds} strategy={verticalListSortingStrategy} disabled={!reorderable}>
            <ol
              className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              aria-label="Questions in exam order"
            >
              {visible.map((q) => (
                <QuestionRow
                  key={q.id}
                  examId={examId}
                  item={q}
                  position={positions.get(q.id)!}
                  last={positions.get(q.id) === items.length}
                  reorderable={reorderable}
                  editable={editable}
                  busy={busy.has(q.id)}
                  selected={selection.selected.has(q.id)}
                  actions={actions}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <ConfirmDialog
        open={pendingDelete !== undefined}
        onOpenChange={closeDeleteDialog}
        title={pendingDelete ? `Delete question ${positions.get(pendingDelete.id)}?` : "Delete question?"}
        description={
          <>
            <p className="line-clamp-3 italic">{pendingDelete?.text}</p>
            <p className="mt-2">The question and its answers are deleted; this cannot be undone.</p>
            <ReadyExamWarning action="deleteQuestion" className="mt-3" />
          </>
        }
        confirmLabel="Delete question"
        onConfirm={() => (pendingDelete ? confirmDelete(pendingDelete.id) : undefined)}
      />
    </section>
  );
}
