"use client";
// Duplicating a question from the list: the API puts the copy last; the list shows that, then
// moves the copy right after its original (saved like any move). For a ready exam the author is
// asked first (the copy takes it back to draft; ready-exam-guard.tsx).
import { useCallback } from "react";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import { duplicateQuestion } from "./duplicate-question";
import type { QuestionListItem } from "./list-item";
import type { ListLatestRef } from "./list-latest";
import type { ListFeedback } from "./use-list-feedback";

export function useQuestionDuplicate(
  latestRef: ListLatestRef,
  feedback: Pick<ListFeedback, "setRowBusy" | "setStatus" | "setError">,
  refresh: () => void,
) {
  const { setRowBusy, setStatus, setError } = feedback;
  const { confirm } = useReadyExamGuard();
  return useCallback(
    async (id: number) => {
      if (!(await confirm("duplicate"))) return;
      const position = latestRef.current.positions.get(id);
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
      const { items, replace, reorder } = latestRef.current;
      const original = items.find((q) => q.id === id);
      const index = items.findIndex((q) => q.id === id);
      if (original && index >= 0) {
        const copy: QuestionListItem = { ...original, id: outcome.id, externalId: null, openComments: 0 };
        replace([...items, copy]);
        reorder([...items.slice(0, index + 1), copy, ...items.slice(index + 1)]);
        setStatus(
          `Question ${index + 1} duplicated: the copy is question ${index + 2}, right after it, without the external ID.`,
        );
      } else {
        setStatus("Question duplicated: the copy is the last question.");
        refresh();
      }
    },
    [latestRef, setRowBusy, setStatus, setError, refresh, confirm],
  );
}
