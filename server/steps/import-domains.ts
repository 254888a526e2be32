// The blueprint in an import (contract 15.3): a new exam takes the file's domains (or those of the
// `exam` param), and each item's domain, which a file names by code, is matched among the domains
// of the exam it goes into: by code without regard to case, and for a file whose domains are
// categories (Moodle XML, GIFT: FileDomain.aliases) by name as well. Into an existing exam
// without weights, a file of categories adds the ones the exam lacks, with weight 0
// (ImportPlan.addMissingDomains); a domain the exam still lacks leaves the question without one,
// with a warning at the item.
import type { DomainWanted } from "../data/domains";
import { itemPath } from "../formats/shared";
import type { FileDomain, ImportPlan } from "../formats/types";
import { codeKey, DOMAINS_MAX, hasWeights, type DomainInput } from "../schemas/blueprint";
import type { OpContext } from "../operation";
import { planBlueprint } from "./blueprint";
import type { CheckedItem } from "./import-items";

/** A domain of the exam imported into, as stored; one that the import adds has no id yet. */
export interface ExamDomain {
  id?: number;
  code: string;
  name: string;
  weight: number;
}

/** The domain of a code of the file, among the exam's: undefined when it has none. */
export type DomainLookup = (code: string) => ExamDomain | undefined;

/** A new exam's blueprint: the `exam` param's domains when sent (as examCreate takes them), else the file's. */
export function newExamBlueprint(
  ctx: OpContext,
  fromParams: readonly DomainInput[] | undefined,
  fromFile: readonly FileDomain[] | undefined,
): DomainWanted[] {
  if (fromParams !== undefined) return planBlueprint(ctx, null, fromParams, []) ?? [];
  return (fromFile ?? []).map((d) => ({ code: d.code, name: d.name, weight: d.weight }));
}

const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** The exam's domain a domain of the file is: the one of its code, or for a category, of its name. */
function matchDomain(file: FileDomain, exam: readonly ExamDomain[]): ExamDomain | undefined {
  const byCode = exam.find((d) => codeKey(d.code) === codeKey(file.code));
  if (byCode || file.aliases === undefined) return byCode;
  const names = new Set([file.name, ...file.aliases].map(nameKey));
  return exam.find((d) => names.has(nameKey(d.name)) || names.has(nameKey(`${d.code} ${d.name}`)));
}

/** Finds the exam's domain of each code the file's items name (a code of the file's domains, or the exam's own). */
export function domainLookup(
  fileDomains: readonly FileDomain[] | undefined,
  exam: readonly ExamDomain[],
): DomainLookup {
  const matched = new Map<string, ExamDomain>();
  for (const d of fileDomains ?? []) {
    const m = matchDomain(d, exam);
    if (m && !matched.has(codeKey(d.code))) matched.set(codeKey(d.code), m);
  }
  return (code) => matched.get(codeKey(code)) ?? exam.find((d) => codeKey(d.code) === codeKey(code));
}

/** The domains an import into an existing exam adds to its blueprint, and why it adds no others. */
export interface AddedDomains {
  /** With weight 0, in the file's order, after the exam's own. */
  added: DomainWanted[];
  /** The file's domains the exam lacks and does not get. */
  notAdded: FileDomain[];
  /** Why: the exam's blueprint has weights, or it would have more than DOMAINS_MAX domains. */
  reason: "weights" | "limit" | null;
}

/**
 * Which of the file's domains an import into an exam with the domains `exam` adds (contract 15.3;
 * docs/decisions.md): a file of categories adds those the exam lacks with weight 0, unless the
 * exam's blueprint has weights, which are the author's to set; never beyond DOMAINS_MAX.
 */
export function domainsToAdd(
  plan: Pick<ImportPlan, "domains" | "addMissingDomains">,
  exam: readonly ExamDomain[],
): AddedDomains {
  const missing = (plan.domains ?? []).filter((d) => matchDomain(d, exam) === undefined);
  if (missing.length === 0) return { added: [], notAdded: [], reason: null };
  if (!plan.addMissingDomains) return { added: [], notAdded: missing, reason: null };
  if (hasWeights(exam)) return { added: [], notAdded: missing, reason: "weights" };
  const room = Math.max(0, DOMAINS_MAX - exam.length);
  const added = missing.slice(0, room).map((d) => ({ code: d.code, name: d.name, weight: 0 }));
  return { added, notAdded: missing.slice(room), reason: missing.length > room ? "limit" : null };
}

/** The file-level warnings of the domains an import adds to an exam, or cannot. */
export function reportAddedDomains(ctx: OpContext, result: AddedDomains, examName: string): void {
  const list = (ds: readonly { code: string; name: string }[]) =>
    ds.map((d) => `${JSON.stringify(d.code)} (${JSON.stringify(d.name)})`).join(", ");
  if (result.added.length > 0)
    ctx.report.warn(
      "domains_added",
      "file",
      `the file's categories ${list(result.added)} are not domains of ${examName}: they were added to its blueprint, with weight 0`,
      { count: result.added.length },
    );
  if (result.reason === "weights")
    ctx.report.warn(
      "import_loss",
      "file",
      `the file's categories ${list(result.notAdded)} are not domains of ${examName}, whose blueprint has weights: they were not added (its weights are the author's to set), so their questions have no domain`,
    );
  if (result.reason === "limit")
    ctx.report.warn(
      "import_loss",
      "file",
      `the file's categories ${list(result.notAdded)} were not added to ${examName}: an exam has at most ${DOMAINS_MAX} domains, so their questions have no domain`,
    );
}

/**
 * The domain id an item's question is written with: undefined when the file does not say (an
 * update keeps the question's domain), null for none or a code the exam does not have (or one the
 * import is about to add: a dry run's question then differs from any stored one).
 */
export function itemDomainId(item: Pick<CheckedItem, "domain">, lookup: DomainLookup): number | null | undefined {
  if (item.domain === undefined || item.domain === null) return item.domain;
  return lookup(item.domain)?.id ?? null;
}

/** Warns at each item whose domain code the exam (with the domains the import adds) does not have; the question gets no domain. */
export function reportUnknownDomains(
  ctx: OpContext,
  items: CheckedItem[],
  lookup: DomainLookup,
  examName: string,
): void {
  for (const item of items) {
    if (item.prepared === null || typeof item.domain !== "string" || lookup(item.domain) !== undefined) continue;
    const message = `its domain ${JSON.stringify(item.domain)} is not a domain of ${examName}, so the question has no domain`;
    ctx.report.warn("import_loss", itemPath(item.index), `${item.ref}: ${message}`);
    item.warnings.push(message);
  }
}
