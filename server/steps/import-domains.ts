// The blueprint in an import (contract 15.3): a new exam takes the file's domains (or those of the
// `exam` param), and each item's domain, which a file names by code, is matched by code (without
// regard to case) among the domains of the exam it goes into. A code the exam does not have
// leaves the question without a domain, with a warning at the item.
import type { DomainWanted } from "../data/domains";
import { itemPath } from "../formats/shared";
import type { FileDomain } from "../formats/types";
import { codeKey, type DomainInput } from "../schemas/blueprint";
import type { OpContext } from "../operation";
import { planBlueprint } from "./blueprint";
import type { CheckedItem } from "./import-items";

/** A new exam's blueprint: the `exam` param's domains when sent (as examCreate takes them), else the file's. */
export function newExamBlueprint(
  ctx: OpContext,
  fromParams: readonly DomainInput[] | undefined,
  fromFile: readonly FileDomain[] | undefined,
): DomainWanted[] {
  if (fromParams !== undefined) return planBlueprint(ctx, null, fromParams, []) ?? [];
  return (fromFile ?? []).map((d) => ({ code: d.code, name: d.name, weight: d.weight }));
}

/** Domain ids by code, compared without regard to case. */
export function domainIdsByCode(domains: readonly { id: number; code: string }[]): Map<string, number> {
  return new Map(domains.map((d) => [codeKey(d.code), d.id]));
}

/**
 * The domain id an item's question is written with: undefined when the file does not say (an
 * update keeps the question's domain), null for none or a code the exam does not have.
 */
export function itemDomainId(
  item: Pick<CheckedItem, "domain">,
  byCode: ReadonlyMap<string, number>,
): number | null | undefined {
  if (item.domain === undefined || item.domain === null) return item.domain;
  return byCode.get(codeKey(item.domain)) ?? null;
}

/** Warns at each item whose domain code is not among `codes` (the exam's, or the new exam's); the question gets no domain. */
export function reportUnknownDomains(
  ctx: OpContext,
  items: CheckedItem[],
  codes: readonly string[],
  examName: string,
): void {
  const known = new Set(codes.map(codeKey));
  for (const item of items) {
    if (item.prepared === null || typeof item.domain !== "string" || known.has(codeKey(item.domain))) continue;
    const message = `its domain ${JSON.stringify(item.domain)} is not a domain of ${examName}, so the question has no domain`;
    ctx.report.warn("import_loss", itemPath(item.index), `${item.ref}: ${message}`);
    item.warnings.push(message);
  }
}
