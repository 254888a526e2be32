// How many questions each weighted domain gives to a draw (contract 15.1 point 4): its quota by
// largest remainder, less what it lacks; what the short domains lack is shared again, by the same
// rule, among the weighted domains that still have questions, until it is placed or no weighted
// domain has any left. What remains is drawn from the other questions (draw.ts).
import { apportion } from "./apportion";

export interface WeightedPool {
  /** The domain's weight, 0–100. */
  weight: number;
  /** How many questions the domain has. */
  available: number;
}

export interface Allocation {
  /** Each domain's quota: its share of the drawn questions by weight. */
  quotas: number[];
  /** What each domain gives: its quota, or all it has, plus what it took over from short domains. */
  counts: number[];
  /** What the weighted domains could not give: drawn from the unassigned questions, then the rest. */
  rest: number;
}

const sum = (values: readonly number[]) => values.reduce((t, v) => t + v, 0);

/** `n` questions by the domains' weights. Without any weight, every quota and count is 0 and all of n is rest. */
export function allocate(n: number, domains: readonly WeightedPool[]): Allocation {
  const quotas = apportion(
    n,
    domains.map((d) => d.weight),
  );
  const counts = quotas.map((quota, i) => Math.min(quota, domains[i]!.available));
  let short = n - sum(counts);
  // Each round either places all that is short or fills at least one more domain, so there are
  // at most as many rounds as domains.
  while (short > 0) {
    const weights = domains.map((d, i) => (d.weight > 0 && counts[i]! < d.available ? d.weight : 0));
    if (weights.every((w) => w === 0)) break;
    const extra = apportion(short, weights);
    extra.forEach((more, i) => {
      const give = Math.min(more, domains[i]!.available - counts[i]!);
      counts[i]! += give;
      short -= give;
    });
  }
  return { quotas, counts, rest: short };
}
