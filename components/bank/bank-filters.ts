// The bank page's search and filters (contract 15.2 point 5) as the URL carries them
// (/bank?q=…&exam=…&type=…&domain=…&tag=…&status=…), and as exam.questionSearch's params. Pure:
// the page parses the URL, the form writes it. A value the API would refuse is dropped, so a
// hand-edited URL shows the bank rather than an error.
import { SEARCH_WORDS_MAX, searchQueryWords } from "@/server/domain/search-query";
import { SEARCH_QUERY_MAX } from "@/server/schemas/question-search";

export interface BankFilters {
  q: string;
  exam: number | null;
  type: number | null;
  /** A domain id, "none" for the questions without a domain, or null for any. */
  domain: number | "none" | null;
  tag: string;
  status: "draft" | "ready" | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const positiveInt = (v: string) =>
  /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 2147483647 ? Number(v) : null;

export function parseBankFilters(params: Record<string, string | string[] | undefined>): BankFilters {
  let q = one(params.q).trim().slice(0, SEARCH_QUERY_MAX);
  // Past the most words a query may hold, the first ones are searched.
  if (searchQueryWords(q).length > SEARCH_WORDS_MAX) q = searchQueryWords(q).slice(0, SEARCH_WORDS_MAX).join(" ");
  const exam = positiveInt(one(params.exam));
  const type = positiveInt(one(params.type));
  const domainText = one(params.domain);
  const status = one(params.status);
  return {
    q,
    exam,
    type: type !== null && type <= 7 ? type : null,
    // A domain belongs to an exam: without one, the domain filter is not offered.
    domain: exam === null ? null : domainText === "none" ? "none" : positiveInt(domainText),
    tag: one(params.tag).trim().slice(0, 50),
    status: status === "draft" || status === "ready" ? status : null,
  };
}

/** exam.questionSearch's params for the filters (without limit and cursor). */
export function searchParamsOf(f: BankFilters) {
  return {
    ...(f.q ? { query: f.q } : {}),
    ...(f.exam !== null ? { exam_id: f.exam } : {}),
    ...(f.type !== null ? { type: f.type } : {}),
    ...(f.domain !== null ? { domain_id: f.domain === "none" ? null : f.domain } : {}),
    ...(f.tag ? { tag: f.tag } : {}),
    ...(f.status !== null ? { status: f.status } : {}),
  };
}

export function hasBankFilters(f: BankFilters): boolean {
  return Object.keys(searchParamsOf(f)).length > 0;
}
