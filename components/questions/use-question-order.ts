"use client";
// The question order shown by the list, changed optimistically and saved through
// exam.questionReorder. Moves made while a save is running are sent once it ends (always the
// whole, latest order), and a refused save rolls back to the last order the server accepted.
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { callOperation } from "../lib/operations";
import { failureText } from "../issues/failure-text";
import type { QuestionListItem } from "./list-item";

export function useQuestionOrder(examId: number, serverItems: QuestionListItem[], onSaved: () => void) {
  const [items, setItems] = useState(serverItems);
  const [fromServer, setFromServer] = useState(serverItems);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const confirmed = useRef(serverItems);
  const latest = useRef(serverItems);
  const running = useRef(false);

  // New data from the server (router.refresh) replaces the list, unless a save is under way:
  // then the server data may predate the move being saved.
  if (serverItems !== fromServer && !saving) {
    setFromServer(serverItems);
    setItems(serverItems);
  }
  // Once that list is shown, it is also the order saves start from.
  useLayoutEffect(() => {
    confirmed.current = fromServer;
    latest.current = fromServer;
  }, [fromServer]);

  const save = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setSaving(true);
    let failure: string | null = null;
    while (latest.current !== confirmed.current) {
      const sending = latest.current;
      const outcome = await callOperation("exam.questionReorder", {
        exam_id: examId,
        question_ids: sending.map((q) => q.id),
      });
      if (!outcome.ok) {
        failure = failureText(outcome);
        latest.current = confirmed.current;
        setItems(confirmed.current);
        break;
      }
      confirmed.current = sending;
    }
    running.current = false;
    setSaving(false);
    setError(failure ? `The new order was not saved, so the list is back as it was. ${failure}` : null);
    onSaved();
  }, [examId, onSaved]);

  /** Shows `next` at once and saves it. */
  const reorder = useCallback(
    (next: QuestionListItem[]) => {
      latest.current = next;
      setItems(next);
      setError(null);
      void save();
    },
    [save],
  );

  /** Updates the list without saving an order (after a delete or a duplicate). */
  const replace = useCallback((next: QuestionListItem[]) => {
    latest.current = next;
    confirmed.current = next;
    setItems(next);
  }, []);

  return { items, reorder, replace, saving, error, clearError: () => setError(null) };
}
