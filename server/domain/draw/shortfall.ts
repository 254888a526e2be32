// The blueprint's domains that cannot meet their quota (contract 15.1 point 5): what the status
// check warns of as blueprint_short before an exam is marked ready.
import { apportion } from "./apportion";
import { hasWeights } from "./draw";

export interface CountedDomain {
  id: number;
  weight: number;
  /** How many questions of the exam are in the domain. */
  count: number;
}

export interface DomainShortfall<D extends CountedDomain> {
  /** The domain's place in the blueprint (0-based). */
  index: number;
  domain: D;
  /** Its share by weight of the `n` questions drawn. */
  quota: number;
}

/** The domains with fewer questions than their quota of `n`; none without weights. */
export function blueprintShortfalls<D extends CountedDomain>(blueprint: readonly D[], n: number): DomainShortfall<D>[] {
  if (!hasWeights(blueprint)) return [];
  const quotas = apportion(
    n,
    blueprint.map((d) => d.weight),
  );
  return blueprint.flatMap((domain, index) =>
    domain.count < quotas[index]! ? [{ index, domain, quota: quotas[index]! }] : [],
  );
}
