"use client";
// Deleting a question from the list: the confirm dialog (opened from a row, focus given back to
// its opener or the search box when it closes; for a ready exam it also says that the delete
// takes the exam back to draft, see question-list.tsx) and the delete itself.
import { useCallback, useRef, useState } from "react";
import { failureText } from "../issues/failure-text";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import { callOperation } from "../lib/operations";
import type { ListLatestRef } from "./list-latest";
import type { ListFeedback } from "./use-list-feedback";

export function useQuestionDelete(
  latest: ListLatestRef,
  feedback: Pick<ListFeedback, "setRowBusy" | "setStatus" | "setError">,
  refresh: () => void,
) {
  const { setRowBusy, setStatus, setError } = feedback;
  const guard = useReadyExamGuard();
  const [deleting, setDeleting] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const askDelete = useCallback((id: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeleting(id);
  }, []);

  async function confirmDelete(id: number) {
    const position = latest.current.positions.get(id);
    guard.proceed();
    setRowBusy(id, true);
    setError(null);
    const outcome = await callOperation("exam.questionDelete", { id });
    setRowBusy(id, false);
    if (!outcome.ok) {
      setError(`Question ${position} was not deleted. ${failureText(outcome)}`);
      return;
    }
    latest.current.replace(latest.current.items.filter((q) => q.id !== id));
    setStatus(`Question ${position} deleted.`);
    // The focus was on the deleted row's button: keep it in the list's controls.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body)
        document.getElementById("question-search")?.focus();
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

  return { askDelete, confirmDelete, closeDeleteDialog, deleting };
}
