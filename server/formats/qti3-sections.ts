// The sections of a qti3 export's test part (contract 13.1.2 and 15.3). Without a blueprint, one
// section lists the items in the exam's order, with `qti-selection` (testing_questions, when fewer
// than all) and `qti-ordering` (shuffle_questsion). With one, that section holds one section per
// domain (title: its name; `data-es-code` and `data-es-weight`, which our import reads back), in
// the blueprint's order, each with its items, and a last section for the questions without a
// domain (`data-es-role="unassigned"`). The inner sections are invisible and not kept together,
// so that the outer section's ordering shuffles all the items as one list. With weights, each
// inner section selects what Exam Studio's draw takes from it (contract 15.1 point 4): a weighted
// domain its quota of testing_questions by largest remainder, or all it has and what the short
// domains lack shared again by weight; the questions without a domain what the weighted domains
// cannot give; the domains weighted 0 what is still missing. Every item ref carries
// `data-es-position`, its place in the exam, which the import puts the questions back in. Pure.
import { allocate } from "../domain/draw/allocate";
import { apportion } from "../domain/draw/apportion";
import { codeKey } from "../schemas/blueprint";
import { xmlElement } from "./xml-write";

export interface SectionItem {
  identifier: string;
  href: string;
  /** The code of its domain, or null. */
  domain: string | null;
}

export interface SectionDomain {
  /** The section's QTI identifier. */
  identifier: string;
  code: string;
  name: string;
  weight: number;
}

export interface SectionsInput {
  title: string;
  shuffle: boolean;
  /** testing_questions in effect: how many of the items a candidate is presented. */
  presented: number;
  /** In the exam's order. */
  items: readonly SectionItem[];
  /** The blueprint, in order; none: one section of every item. */
  domains: readonly SectionDomain[];
  /** The identifier of the section of the items without a domain. */
  unassigned: string;
}

export const OUTER_SECTION = "section-1";
export const UNASSIGNED_ROLE = "unassigned";

const itemRef = (item: SectionItem, position?: number) =>
  xmlElement("qti-assessment-item-ref", {
    identifier: item.identifier,
    href: item.href,
    ...(position === undefined ? {} : { "data-es-position": position }),
  });

const selection = (select: number) => xmlElement("qti-selection", { select: String(select) });

/** The section(s) of the test part, and what the exam notes must say about them. */
export function sectionsXml(input: SectionsInput): { xml: string; notes: string[] } {
  const { items, domains } = input;
  const n = Math.min(input.presented, items.length);
  const ordering = xmlElement("qti-ordering", { shuffle: String(input.shuffle) });
  const outer = (...children: string[]) =>
    xmlElement(
      "qti-assessment-section",
      { identifier: OUTER_SECTION, title: input.title, visible: "true" },
      ...children,
    );
  if (domains.length === 0) {
    const select = n > 0 && n < items.length ? selection(n) : "";
    return { xml: outer(select, ordering, ...items.map((item) => itemRef(item))), notes: [] };
  }

  const notes: string[] = [];
  const byKey = new Map(domains.map((d, i) => [codeKey(d.code), i]));
  const indexOf = (item: SectionItem) => (item.domain === null ? undefined : byKey.get(codeKey(item.domain)));
  const groups: { item: SectionItem; position: number }[][] = domains.map(() => []);
  const unassigned: { item: SectionItem; position: number }[] = [];
  items.forEach((item, k) => {
    const i = indexOf(item);
    (i === undefined ? unassigned : groups[i]!).push({ item, position: k + 1 });
  });

  const selects = selections(input, groups, unassigned.length, n, notes);
  if (!domains.some((d) => d.weight > 0) && n < items.length)
    notes.push(
      `testing_questions (${n} of ${items.length}) is not in a qti-selection: the items are in one section per domain, and QTI selects within a section, not across sections; Exam Studio's import reads it from data-es-exam, other QTI players present every question`,
    );
  const grouped = [...groups.flat(), ...unassigned].map((g) => g.position);
  if (!input.shuffle && grouped.some((p, k) => p !== k + 1))
    notes.push(
      "the items are in one section per domain, so with shuffle_questsion off a QTI player presents them domain by domain rather than in the exam's order; Exam Studio's import puts them back in the exam's order (data-es-position)",
    );

  const inner = (attributes: Record<string, string | number>, select: number | null, list: typeof unassigned) =>
    xmlElement(
      "qti-assessment-section",
      { ...attributes, visible: "false", "keep-together": "false" },
      select === null ? "" : selection(select),
      ...list.map(({ item, position }) => itemRef(item, position)),
    );
  const sections = domains.map((d, i) =>
    inner(
      { identifier: d.identifier, title: d.name, "data-es-code": d.code, "data-es-weight": d.weight },
      selects?.domains[i] ?? null,
      groups[i]!,
    ),
  );
  if (unassigned.length > 0)
    sections.push(
      inner(
        { identifier: input.unassigned, title: "Questions without a domain", "data-es-role": UNASSIGNED_ROLE },
        selects?.unassigned ?? null,
        unassigned,
      ),
    );
  return { xml: outer(ordering, ...sections), notes };
}

/**
 * How many items each inner section selects when the blueprint has weights (null without): the
 * draw's allocation. Notes say where it departs from the plain quota.
 */
function selections(
  input: SectionsInput,
  groups: readonly unknown[][],
  unassignedCount: number,
  n: number,
  notes: string[],
): { domains: number[]; unassigned: number } | null {
  const { domains } = input;
  if (!domains.some((d) => d.weight > 0)) return null;
  const weighted = domains.flatMap((d, i) => (d.weight > 0 ? [i] : []));
  const allocation = allocate(
    n,
    weighted.map((i) => ({ weight: domains[i]!.weight, available: groups[i]!.length })),
  );
  const counts = domains.map(() => 0);
  weighted.forEach((i, k) => {
    counts[i] = allocation.counts[k]!;
    const quota = allocation.quotas[k]!;
    const has = groups[i]!.length;
    if (has < quota)
      notes.push(
        `domain ${JSON.stringify(domains[i]!.code)} (${JSON.stringify(domains[i]!.name)}) has ${has} question${has === 1 ? "" : "s"}, fewer than its quota of ${quota} of ${n}: its section selects all of them, and the other sections select what it lacks, as Exam Studio's draw does`,
      );
  });
  const fromUnassigned = Math.min(allocation.rest, unassignedCount);
  const rest = allocation.rest - fromUnassigned;
  if (rest > 0) {
    const zero = domains.flatMap((d, i) => (d.weight === 0 ? [i] : []));
    const shares = apportion(
      rest,
      zero.map((i) => groups[i]!.length),
    );
    zero.forEach((i, k) => (counts[i] = shares[k]!));
    notes.push(
      `the weighted domains and the questions without a domain cannot give all ${n} questions: the sections of the domains weighted 0 select the other ${rest} in proportion to their sizes, where Exam Studio's draw takes them at random from those domains together`,
    );
  }
  return { domains: counts, unassigned: fromUnassigned };
}
