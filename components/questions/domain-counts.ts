// How many of the exam's questions each domain of its blueprint has (contract 15.1), and how many
// have none: the exam page's summary above the question list. Pure.
import type { DomainView } from "@/server/data/domains";

export interface DomainCount {
  /** null: the questions without a domain. */
  domain: DomainView | null;
  count: number;
}

/** One entry per domain in the blueprint's order, then the questions without a domain (when there are any). */
export function domainCounts(
  domains: readonly DomainView[],
  items: readonly { domainId: number | null }[],
): DomainCount[] {
  const counts = new Map<number | null, number>();
  for (const item of items) counts.set(item.domainId, (counts.get(item.domainId) ?? 0) + 1);
  const known = new Set(domains.map((d) => d.id));
  // A domain removed since the list was read counts as none.
  const none = [...counts].filter(([id]) => id === null || !known.has(id)).reduce((sum, [, n]) => sum + n, 0);
  return [
    ...domains.map((d) => ({ domain: d, count: counts.get(d.id) ?? 0 })),
    ...(none > 0 ? [{ domain: null, count: none }] : []),
  ];
}

export const questionsText = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;
