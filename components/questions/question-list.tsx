"use client";
// The exam's questions: filter and search on the client, reorder by drag or keyboard (saved
// through exam.questionReorder), duplicate, delete. Every question of the exam is loaded once by
// the page; rows are light and memoised so 1,000 of them stay quick.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { callOperation } from "../lib/operations";
import { failureText } from "../issues/failure-text";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { duplicateQuestion } from "./duplicate-question";
import type { QuestionListItem } from "./list-item";
import { NewQuestionMenu } from "./new-question-menu";
import { isFiltering, matchesFilter, NO_FILTER, QuestionFilters, searchWords, type QuestionFilter } from "./question-filters";
import { QuestionRow, type RowActions } from "./question-row";
import { RowIconSprite } from "./row-icons";
import { useProgressiveCount } from "./use-progressive-count";
import { useQuestionOrder } from "./use-question-order";

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    "To move a question, press Space or Enter on its reorder handle, then the up and down arrow keys; press Space or Enter again to drop it, Escape to cancel. The Move up and Move down buttons do the same one step at a time.",
};

export function QuestionList({ examId, questions }: { examId: number; questions: QuestionListItem[] }) {
  const router = useRouter();
  const refresh = useCallback(() => router.refresh(), [router]);
  const order = useQuestionOrder(examId, questions, refresh);
  const [filter, setFilter] = useState<QuestionFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const items = order.items;
  const positions = useMemo(() => new Map(items.map((q, i) => [q.id, i + 1])), [items]);
  const filtering = isFiltering(deferredFilter);
  const shown = useMemo(() => {
    if (!filtering) return items;
    const words = searchWords(deferredFilter.query);
    return items.filter((q) => matchesFilter(q, deferredFilter, words));
  }, [items, deferredFilter, filtering]);
  const reorderable = !filtering && items.length > 1;
  const rendered = useProgressiveCount(shown.length, 60);
  const visible = useMemo(() => (rendered < shown.length ? shown.slice(0, rendered) : shown), [shown, rendered]);
  const visibleIds = useMemo(() => visible.map((q) => q.id), [visible]);

  const setRowBusy = (id: number, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // The rows get one stable actions object (so memoised rows do not re-render); it calls the
  // handlers of the latest render through this ref.
  const latest = useRef({ items, positions, reorder: order.reorder, replace: order.replace });
  latest.current = { items, positions, reorder: order.reorder, replace: order.replace };

  const moveBy = useCallback((id: number, delta: -1 | 1) => {
    const { items, reorder } = latest.current;
    const from = items.findIndex((q) => q.id === id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= items.length) return;
    reorder(arrayMove(items, from, to));
    setStatus(`Question ${from + 1} moved to position ${to + 1} of ${items.length}.`);
  }, []);

  const duplicate = useCallback(
    async (id: number) => {
      const position = latest.current.positions.get(id);
      setRowBusy(id, true);
      setError(null);
      setStatus(`Duplicating question ${position}…`);
      const outcome = await duplicateQuestion(id);
      setRowBusy(id, false);
      if (!outcome.ok) {
        setStatus("");
        setError(`Question ${position} was not duplicated. ${outcome.message}`);
        return;
      }
      // The API put the copy last; show that, then move it right after its original.
      const { items, replace, reorder } = latest.current;
      const original = items.find((q) => q.id === id);
      const index = items.findIndex((q) => q.id === id);
      if (original && index >= 0) {
        const copy: QuestionListItem = { ...original, id: outcome.id, externalId: null };
        replace([...items, copy]);
        reorder([...items.slice(0, index + 1), copy, ...items.slice(index + 1)]);
        setStatus(`Question ${index + 1} duplicated: the copy is question ${index + 2}, right after it, without the external ID.`);
      } else {
        setStatus("Question duplicated: the copy is the last question.");
        refresh();
      }
    },
    [refresh],
  );

  const askDelete = useCallback((id: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeleting(id);
  }, []);

  const actions = useMemo<RowActions>(() => ({ move: moveBy, duplicate: (id) => void duplicate(id), remove: askDelete }), [moveBy, duplicate, askDelete]);

  async function confirmDelete(id: number) {
    const position = positions.get(id);
    setRowBusy(id, true);
    setError(null);
    const outcome = await callOperation("exam.questionDelete", { id });
    setRowBusy(id, false);
    if (!outcome.ok) {
      setError(`Question ${position} was not deleted. ${failureText(outcome)}`);
      return;
    }
    order.replace(latest.current.items.filter((q) => q.id !== id));
    setStatus(`Question ${position} deleted.`);
    // The focus was on the deleted row's button: keep it in the list's controls.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) document.getElementById("question-search")?.focus();
    });
    refresh();
  }

  function closeDeleteDialog(open: boolean) {
    if (open) return;
    setDeleting(null);
    // The dialog has no trigger to return to: give the focus back to the button that opened it,
    // or, when its row is gone, to the search box.
    const back = opener.current;
    requestAnimationFrame(() => (back?.isConnected ? back : document.getElementById("question-search"))?.focus());
  }

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((q) => q.id === active.id);
    const to = items.findIndex((q) => q.id === over.id);
    if (from < 0 || to < 0) return;
    order.reorder(arrayMove(items, from, to));
    setStatus(`Question ${from + 1} moved to position ${to + 1} of ${items.length}.`);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up question ${positions.get(Number(active.id))}.`,
    onDragOver: ({ active, over }) => (over ? `Question ${positions.get(Number(active.id))} is over position ${positions.get(Number(over.id))}.` : "Not over a position."),
    onDragEnd: ({ active, over }) => (over ? `Question ${positions.get(Number(active.id))} dropped at position ${positions.get(Number(over.id))}.` : "Dropped; nothing moved."),
    onDragCancel: ({ active }) => `Moving cancelled; question ${positions.get(Number(active.id))} stays where it was.`,
  };

  const pendingDelete = deleting !== null ? items.find((q) => q.id === deleting) : undefined;
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
        {items.length > 0 ? <QuestionFilters filter={filter} onChange={setFilter} /> : <span />}
        <div className="ml-auto flex items-center gap-3">
          <p role="status" data-testid="question-list-status" className="max-w-sm text-right text-sm text-slate-600">
            {order.saving && !status ? "Saving the order…" : status}
          </p>
          <NewQuestionMenu examId={examId} />
        </div>
      </div>

      {message && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
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
          <p className="mt-1 text-sm text-slate-600">Add the first one with “New question”: choose its type, then write it in the editor.</p>
        </div>
      ) : shown.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">No question matches these filters.</div>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}>
          <RowIconSprite />
          <SortableContext items={visibleIds} strategy={verticalListSortingStrategy} disabled={!reorderable}>
            <ol className="overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Questions in exam order">
              {visible.map((q) => (
                <QuestionRow
                  key={q.id}
                  examId={examId}
                  item={q}
                  position={positions.get(q.id)!}
                  last={positions.get(q.id) === items.length}
                  reorderable={reorderable}
                  busy={busy.has(q.id)}
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
          </>
        }
        confirmLabel="Delete question"
        onConfirm={() => (pendingDelete ? confirmDelete(pendingDelete.id) : undefined)}
      />
    </section>
  );
}
