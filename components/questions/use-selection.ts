"use client";
// The questions ticked on the exam page's list, for its bulk work (contract 15.2 point 4). A
// question that leaves the list (deleted, moved) leaves the selection; "select all" ticks the
// questions shown (the filters apply), and unticks them when all of them are ticked.
import { useCallback, useMemo, useState } from "react";

export function useSelection(listed: readonly number[], shown: readonly number[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  // Only questions still in the list count.
  const selected = useMemo(() => {
    const inList = new Set(listed);
    return new Set([...ticked].filter((id) => inList.has(id)));
  }, [ticked, listed]);
  const allShown = shown.length > 0 && shown.every((id) => selected.has(id));
  const someShown = shown.some((id) => selected.has(id));

  const toggle = useCallback(
    (id: number, on: boolean) =>
      setTicked((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    () =>
      setTicked((prev) => {
        const next = new Set(prev);
        if (shown.every((id) => next.has(id))) for (const id of shown) next.delete(id);
        else for (const id of shown) next.add(id);
        return next;
      }),
    [shown],
  );
  const clear = useCallback(() => setTicked(new Set()), []);

  return { selected, allShown, someShown, toggle, toggleAll, clear };
}

export type Selection = ReturnType<typeof useSelection>;
