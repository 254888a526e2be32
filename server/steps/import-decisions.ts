// What an import does with each item (contract 13.2.4, 13.2.5): created, updated or skipped, by
// the target exam's questions matched by external id, a match the item would leave as stored
// skipped; the item's question placed in its case study and domain; its line of the result.
import type { Db } from "@/db/client";
import type { CaseStudyRow } from "../data/case-studies";
import { domainsOf, type DomainRow, type DomainWanted } from "../data/domains";
import { caseStudiesOfExam } from "../data/exam-content";
import { questionsByExternalId } from "../data/questions";
import { itemPath } from "../formats/shared";
import type { OpContext } from "../operation";
import type { CheckedItem } from "./import-items";
import type { PreparedQuestion } from "./question-content";
import { itemDomainId, type DomainLookup, type ExamDomain } from "./import-domains";
import { UNCHANGED_ITEM, unchangedQuestions } from "./unchanged";
import type { ImportedItem, ItemStatus } from "./import-result";

export interface ExistingContent {
  matches: ReadonlyMap<string, { id: number; type: number }>;
  caseStudies: CaseStudyRow[];
  domains: DomainRow[];
}

/** The target exam's questions by external id, its case studies and its domains. */
export async function existingContent(ctx: OpContext, examId: number): Promise<ExistingContent> {
  return {
    matches: await questionsByExternalId(ctx.db, examId),
    caseStudies: await caseStudiesOfExam(ctx.db, examId),
    domains: await domainsOf(ctx.db, examId),
  };
}

/** What a new exam has before the import. */
export function noContent(): ExistingContent {
  return { matches: new Map(), caseStudies: [], domains: [] };
}

/** The exam's case studies by name, the first of a name (contract 13.2.5). */
export function caseStudyIdsByName(caseStudies: CaseStudyRow[]): Map<string, number> {
  const ids = new Map<string, number>();
  for (const cs of caseStudies) if (!ids.has(cs.name)) ids.set(cs.name, cs.id);
  return ids;
}

/**
 * The item's question as the import writes it: in the case study of its name, and in the domain of
 * its code (undefined: the file does not say, so an update keeps the question's domain).
 */
export function placed(
  prepared: PreparedQuestion,
  caseStudyId: number | null,
  domainId: number | null | undefined,
): PreparedQuestion {
  return {
    ...prepared,
    columns: { ...prepared.columns, caseStudyId, ...(domainId === undefined ? {} : { domainId }) },
  };
}

/** The exam's domains, then those the import adds, with ids below 0 until they are stored (no stored question has one). */
export function withAdded(domains: readonly DomainRow[], added: readonly DomainWanted[]): ExamDomain[] {
  return [...domains, ...added.map((d, k) => ({ ...d, id: -(k + 1) }))];
}

/**
 * The matched questions that an update from their item would leave as stored (contract 13.2.5:
 * importing the same file again changes nothing; docs/decisions.md, "An import that changes
 * nothing"). An item whose case study the exam does not have yet changes its question.
 */
export async function unchangedMatches(
  db: Db,
  examId: number,
  items: CheckedItem[],
  existing: ExistingContent,
  domains: DomainLookup,
  onExisting: "update" | "skip",
  lock: boolean,
): Promise<Set<number>> {
  if (onExisting === "skip") return new Set();
  const caseStudyIds = caseStudyIdsByName(existing.caseStudies);
  const updates = new Map<number, PreparedQuestion>();
  for (const item of items) {
    const match = item.externalId === null ? undefined : existing.matches.get(item.externalId);
    const caseStudyId = item.caseStudy === null ? null : caseStudyIds.get(item.caseStudy);
    if (match && item.prepared && caseStudyId !== undefined)
      updates.set(match.id, placed(item.prepared, caseStudyId, itemDomainId(item, domains)));
  }
  return unchangedQuestions(db, examId, updates, lock);
}

export interface Decision {
  item: CheckedItem;
  status: ItemStatus;
  /** The question of the target exam its external id matches. */
  matched: number | null;
  /** Skipped because the matched question is already as the item has it. */
  unchanged: boolean;
}

/**
 * Created, updated or skipped (contract 13.2.4, 13.2.5), by the target exam's questions as
 * `matches` has them; a match in `unchanged` is skipped, as an update would change nothing.
 */
export function decide(
  items: CheckedItem[],
  matches: ReadonlyMap<string, { id: number }>,
  onExisting: "update" | "skip",
  unchanged: ReadonlySet<number>,
): Decision[] {
  return items.map((item) => {
    if (item.prepared === null) return { item, status: "skipped", matched: null, unchanged: false };
    const match = item.externalId === null ? undefined : matches.get(item.externalId);
    if (!match) return { item, status: "created", matched: null, unchanged: false };
    const same = unchanged.has(match.id);
    const status = onExisting === "update" && !same ? "updated" : "skipped";
    return { item, status, matched: match.id, unchanged: same };
  });
}

export function counts(decisions: Decision[]) {
  const n = (status: ItemStatus) => decisions.filter((d) => d.status === status).length;
  return { created: n("created"), updated: n("updated"), skipped: n("skipped") };
}

/** The item's line of the result; an unchanged one's warning goes into the envelope too, at the item. */
export function resultItem(ctx: OpContext, { item, status, matched, unchanged }: Decision): ImportedItem {
  const warnings = [...item.warnings];
  if (unchanged) {
    ctx.report.warn("unchanged", itemPath(item.index), `${item.ref}: ${UNCHANGED_ITEM}`);
    warnings.push(UNCHANGED_ITEM);
  }
  return { ref: item.ref, status, question_id: status === "created" ? null : matched, type: item.type, warnings };
}
