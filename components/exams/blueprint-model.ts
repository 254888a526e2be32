// The settings form's Blueprint section as values (contract 15.1): the domains as the author edits
// them (weights as the text typed), what a save sends as exam.domains, the live sum, and the
// moves. Pure (no React). The rules are the API's own: the form checks the request with
// examUpdate's schema (exam-form-model.ts), so the sum's error is the API's, at the same place.
import type { DomainView } from "@/server/data/domains";
import type { Issue } from "@/server/errors";
import { DOMAINS_MAX, weightSum } from "@/server/schemas/blueprint";
import { readNumber, type NumberRule } from "../forms/number-text";

/** One domain being edited. `key` is the row's own (React's key, and the focus after a move). */
export interface DomainDraft {
  key: string;
  /** The stored domain this row keeps; none for a row added in the form. */
  id?: number;
  code: string;
  name: string;
  /** The weight as typed. */
  weight: string;
}

export const WEIGHT_RULE: NumberRule = { min: 0, max: 100 };

export { DOMAINS_MAX };

export function draftsFromDomains(domains: readonly DomainView[]): DomainDraft[] {
  return domains.map((d) => ({ key: `d${d.id}`, id: d.id, code: d.code, name: d.name, weight: String(d.weight) }));
}

let added = 0;

/** A new row: no code or name yet, weight 0. */
export function newDraft(): DomainDraft {
  added += 1;
  return { key: `new-${added}`, code: "", name: "", weight: "0" };
}

/** Whether two lists say the same blueprint (row keys aside). */
export function sameDrafts(a: readonly DomainDraft[], b: readonly DomainDraft[]): boolean {
  return (
    a.length === b.length &&
    a.every((d, i) => {
      const e = b[i]!;
      return d.id === e.id && d.code === e.code && d.name === e.name && d.weight === e.weight;
    })
  );
}

/**
 * exam.domains as a save sends it, in the rows' order: each row with its stored id (kept), or
 * without (new). A weight whose text is not a whole number 0–100 is an issue at its row's weight
 * (`invalid`), and goes into the request as NaN, which the schema refuses too and which keeps the
 * sum from being checked while a weight is unreadable (the form drops the schema's second word
 * about the same field).
 */
export function buildDomainsRequest(drafts: readonly DomainDraft[]): {
  domains: { id?: number; code: string; name: string; weight: number }[];
  invalid: Issue[];
} {
  const invalid: Issue[] = [];
  const domains = drafts.map((d, i) => {
    const read = readNumber(d.weight, WEIGHT_RULE, `exam.domains[${i}].weight`);
    if (!read.ok) invalid.push(read.issue);
    return {
      ...(d.id === undefined ? {} : { id: d.id }),
      code: d.code,
      name: d.name,
      weight: read.ok ? read.value! : Number.NaN,
    };
  });
  return { domains, invalid };
}

/** The sum of the weights that read as whole numbers 0–100: what the form shows live. */
export function liveSum(drafts: readonly DomainDraft[]): number {
  return weightSum(
    drafts.flatMap((d) => {
      const read = readNumber(d.weight, WEIGHT_RULE, "");
      return read.ok && read.value !== undefined ? [{ weight: read.value }] : [];
    }),
  );
}

/** The list with row `index` moved by `by` places (-1 up, +1 down); unchanged at an end. */
export function moveDraft(drafts: readonly DomainDraft[], index: number, by: -1 | 1): DomainDraft[] {
  const to = index + by;
  if (index < 0 || index >= drafts.length || to < 0 || to >= drafts.length) return [...drafts];
  const out = [...drafts];
  const [row] = out.splice(index, 1);
  out.splice(to, 0, row!);
  return out;
}

/** Where an issue of exam.domains belongs: the list (`list`) or a row's field (`0.code`). */
export function domainIssueKey(path: string): string | null {
  if (path === "exam.domains") return "list";
  const match = /^exam\.domains\[(\d+)\]\.(id|code|name|weight)/.exec(path);
  if (!match) return path.startsWith("exam.domains") ? "list" : null;
  // An id's problem (a domain removed meanwhile) is the row's: shown at its code.
  return `${match[1]}.${match[2] === "id" ? "code" : match[2]}`;
}
