"use client";
// What the list tells the author while it works: the rows being changed (busy), a status line
// (read by screen readers) and the error of the last failed change.
import { useCallback, useState } from "react";

export function useListFeedback() {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);

  const setRowBusy = useCallback(
    (id: number, on: boolean) =>
      setBusy((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  return { busy, setRowBusy, status, setStatus, error, setError };
}

export type ListFeedback = ReturnType<typeof useListFeedback>;
