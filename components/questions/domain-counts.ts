// How many of the exam's questions each domain of its blueprint has (contract 15.1), and how many
// have none: the exam page's summary above the question list. Pure.
import type { DomainView } from "@/server/data/domains";
import { apportion, hasWeights } from "@/server/domain/draw";

export interface DomainCount {
  /** null: the questions without a domain. */
  domain: DomainView | null;
  count: number;
  /**
   * The domain's quota of the `presented` questions a run draws (largest remainder by weight,
   * as the draw apportions them); undefined without weights and for the questions without one.
   */
  quota?: number;
}

/** One entry per domain in the blueprint's order, then the questions without a domain (when there are any). */
export function domainCounts(
  domains: readonly DomainView[],
  items: readonly { domainId: number | null }[],
  presented = 0,
): DomainCount[] {
  const counts = new Map<number | null, number>();
  for (const item of items) counts.set(item.domainId, (counts.get(item.domainId) ?? 0) + 1);
  const known = new Set(domains.map((d) => d.id));
  // A domain removed since the list was read counts as none.
  const none = [...counts].filter(([id]) => id === null || !known.has(id)).reduce((sum, [, n]) => sum + n, 0);
  const quotas = hasWeights(domains)
    ? apportion(
        presented,
        domains.map((d) => d.weight),
      )
    : null;
  return [
    ...domains.map((d, i) => ({ domain: d, count: counts.get(d.id) ?? 0, ...(quotas ? { quota: quotas[i]! } : {}) })),
    ...(none > 0 ? [{ domain: null, count: none }] : []),
  ];
}

export const questionsText = (n: number) => `${n} ${n === 1 ? "question" : "questions"}`;

/** "12 questions", or against a quota "12 questions, 6 drawn" (short of it: "2 questions, 6 drawn: 4 short"). */
export function countText({ count, quota }: { count: number; quota?: number }): string {
  if (quota === undefined) return questionsText(count);
  const short = quota - count;
  return `${questionsText(count)}, ${quota} drawn${short > 0 ? `: ${short} short` : ""}`;
}
