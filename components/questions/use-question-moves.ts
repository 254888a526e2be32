"use client";
// Moving questions: by drag or keyboard (dnd-kit, with what screen readers hear) and one step at
// a time ("Move up" / "Move down"); each move shows the new order at once and saves it. The first
// move of a ready exam asks first (it takes the exam back to draft; ready-exam-guard.tsx).
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useCallback } from "react";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import type { ListLatestRef } from "./list-latest";

export const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    "To move a question, press Space or Enter on its reorder handle, then the up and down arrow keys; press Space or Enter again to drop it, Escape to cancel. The Move up and Move down buttons do the same one step at a time.",
};

/** Moves the question at `from` to `to` in the list's latest order, and says so. */
function applyMove(latestRef: ListLatestRef, from: number, to: number, setStatus: (status: string) => void) {
  const { items, reorder } = latestRef.current;
  reorder(arrayMove(items, from, to));
  setStatus(`Question ${from + 1} moved to position ${to + 1} of ${items.length}.`);
}

export function useQuestionMoves(latestRef: ListLatestRef, setStatus: (status: string) => void) {
  // A ready exam: the first move asks, as it takes the exam back to draft.
  const { run } = useReadyExamGuard();
  const moveBy = useCallback(
    (id: number, delta: -1 | 1) => {
      const { items } = latestRef.current;
      const from = items.findIndex((q) => q.id === id);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= items.length) return;
      run("reorder", () => applyMove(latestRef, from, to, setStatus));
    },
    [latestRef, setStatus, run],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    const { items } = latestRef.current;
    if (!over || active.id === over.id) return;
    const from = items.findIndex((q) => q.id === active.id);
    const to = items.findIndex((q) => q.id === over.id);
    if (from < 0 || to < 0) return;
    run("reorder", () => applyMove(latestRef, from, to, setStatus));
  }

  // Read when announced: the positions of the latest render.
  const position = (id: UniqueIdentifier) => latestRef.current.positions.get(Number(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up question ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `Question ${position(active.id)} is over position ${position(over.id)}.` : "Not over a position.",
    onDragEnd: ({ active, over }) =>
      over ? `Question ${position(active.id)} dropped at position ${position(over.id)}.` : "Dropped; nothing moved.",
    onDragCancel: ({ active }) => `Moving cancelled; question ${position(active.id)} stays where it was.`,
  };

  return { moveBy, sensors, onDragEnd, announcements };
}
