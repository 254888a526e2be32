// Which questions a simulated attempt presents, and in which order (contract 15.1 point 4): the
// one draw behind exam.examDraw and the preview, so a seed gives both the same questions. Pure:
// the server runs it on the exam's pool, the browser on the questions the preview loaded.
import { shuffled } from "../seeded-random";
import { allocate } from "./allocate";

/** A question of the exam, given in the exam's order. */
export interface PoolQuestion {
  id: number;
  /** Its blueprint domain; null (or a domain not in the blueprint) is unassigned. */
  domainId: number | null;
}

/** A domain of the exam's blueprint, given in the blueprint's order. */
export interface BlueprintDomain {
  id: number;
  /** 0–100: the percent of the drawn questions. */
  weight: number;
}

export interface DrawSettings {
  /** How many questions to present (testing_questions as in effect); at most the pool's size are. */
  count: number;
  /** shuffle_questsion: present in random order, else in the exam's order. */
  shuffle: boolean;
}

/** What one domain gave to a draw; `domain_id` null for the unassigned questions. */
export interface DomainDraw {
  domain_id: number | null;
  /** The domain's share of the drawn questions by weight; 0 without weights and for the unassigned. */
  quota: number;
  /** How many of its questions were drawn. */
  drawn: number;
}

export interface Draw {
  /** Question ids in presentation order. */
  questions: number[];
  /** Every domain of the blueprint in its order, then the unassigned questions (domain_id null). */
  byDomain: DomainDraw[];
}

/** True when the blueprint shares the draw by weight: some weight is not 0. */
export function hasWeights(blueprint: readonly BlueprintDomain[]): boolean {
  return blueprint.some((d) => d.weight > 0);
}

/** `k` of `items` at random (all of them when k ≥ their number), in a random order. */
function sample<T>(items: readonly T[], k: number, random: () => number): T[] {
  return k <= 0 ? [] : shuffled(items, random).slice(0, k);
}

/**
 * Draws min(count, pool size) questions. Without weights they are drawn at random from the whole
 * pool (exactly as the preview drew before blueprints). With weights each weighted domain gives
 * its allocation (allocate.ts), drawn at random from its own questions, domain after domain in
 * the blueprint's order; what they cannot give comes from the unassigned questions, and only
 * then from the domains weighted 0. Every random number comes from `random`, in this order, so
 * one seed always draws the same.
 */
export function drawQuestions(
  pool: readonly PoolQuestion[],
  blueprint: readonly BlueprintDomain[],
  settings: DrawSettings,
  random: () => number,
): Draw {
  const n = Math.max(0, Math.min(settings.count, pool.length));
  const known = new Set(blueprint.map((d) => d.id));
  const domainOf = (q: PoolQuestion) => (q.domainId !== null && known.has(q.domainId) ? q.domainId : null);
  const groups = new Map<number | null, number[]>([null, ...blueprint.map((d) => d.id)].map((id) => [id, []]));
  for (const q of pool) groups.get(domainOf(q))!.push(q.id);

  const chosen = new Set<number>();
  const take = (ids: readonly number[], k: number) => {
    for (const id of sample(ids, k, random)) chosen.add(id);
  };
  const quotas = new Map<number | null, number>();
  if (!hasWeights(blueprint)) {
    take(
      pool.map((q) => q.id),
      n,
    );
  } else {
    const weighted = blueprint.filter((d) => d.weight > 0);
    const allocation = allocate(
      n,
      weighted.map((d) => ({ weight: d.weight, available: groups.get(d.id)!.length })),
    );
    weighted.forEach((d, i) => {
      quotas.set(d.id, allocation.quotas[i]!);
      take(groups.get(d.id)!, allocation.counts[i]!);
    });
    const { rest } = allocation;
    const unassigned = groups.get(null)!;
    take(unassigned, rest);
    const zeroWeighted = blueprint.filter((d) => d.weight === 0).flatMap((d) => groups.get(d.id)!);
    take(zeroWeighted, rest - Math.min(rest, unassigned.length));
  }

  const inExamOrder = pool.filter((q) => chosen.has(q.id));
  const presented = settings.shuffle ? shuffled(inExamOrder, random) : inExamOrder;
  const drawnOf = new Map<number | null, number>();
  for (const q of inExamOrder) drawnOf.set(domainOf(q), (drawnOf.get(domainOf(q)) ?? 0) + 1);
  const entry = (id: number | null): DomainDraw => ({
    domain_id: id,
    quota: quotas.get(id) ?? 0,
    drawn: drawnOf.get(id) ?? 0,
  });
  return {
    questions: presented.map((q) => q.id),
    byDomain: [...blueprint.map((d) => entry(d.id)), entry(null)],
  };
}
