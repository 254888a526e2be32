"use client";
// Filtering and search on the client (deferred, so typing stays quick), and the rows rendered
// progressively so 1,000 of them appear without a long first render.
import { useDeferredValue, useMemo, useState } from "react";
import type { QuestionListItem } from "./list-item";
import { isFiltering, matchesFilter, NO_FILTER, searchWords, type QuestionFilter } from "./question-filters";
import { useProgressiveCount } from "./use-progressive-count";

export function useQuestionFilter(items: QuestionListItem[]) {
  const [filter, setFilter] = useState<QuestionFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const filtering = isFiltering(deferredFilter);
  const shown = useMemo(() => {
    if (!filtering) return items;
    const words = searchWords(deferredFilter.query);
    return items.filter((q) => matchesFilter(q, deferredFilter, words));
  }, [items, deferredFilter, filtering]);
  const rendered = useProgressiveCount(shown.length, 60);
  const visible = useMemo(() => (rendered < shown.length ? shown.slice(0, rendered) : shown), [shown, rendered]);
  const visibleIds = useMemo(() => visible.map((q) => q.id), [visible]);
  return { filter, setFilter, filtering, shown, visible, visibleIds };
}
