// The /exams list's search, status filter and sort, as kept in the URL (?q=&status=&sort=) so a
// reload or a shared link shows the same list. Pure: the server page and the filter bar use it.
import type { ExamStatus } from "./exam-labels";

export type ExamSort = "updated" | "title" | "code";

export interface ExamListFilters {
  q: string;
  status: ExamStatus | "";
  sort: ExamSort;
}

export const SORT_OPTIONS: { value: ExamSort; label: string }[] = [
  { value: "updated", label: "Recently updated" },
  { value: "title", label: "Title (A–Z)" },
  { value: "code", label: "Code (A–Z)" },
];

/** examList's `query` takes at most 200 characters. */
export const MAX_QUERY = 200;

type RawParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Unknown or malformed values fall back to the defaults instead of failing the page. */
export function parseListFilters(params: RawParams): ExamListFilters {
  const status = first(params.status);
  const sort = first(params.sort);
  return {
    q: first(params.q).trim().slice(0, MAX_QUERY),
    status: status === "draft" || status === "ready" ? status : "",
    sort: sort === "title" || sort === "code" ? sort : "updated",
  };
}

/** The query string for `filters`, leaving defaults out so the plain /exams stays plain. */
export function listFiltersQuery(filters: ExamListFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.sort !== "updated") params.set("sort", filters.sort);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: ExamListFilters): boolean {
  return filters.q !== "" || filters.status !== "";
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * examList has no sort parameter: it answers most recently updated first. Title and code sorts
 * are applied to the loaded list (the page loads every matching exam, see the page).
 */
export function sortExams<T extends { title: string; code: string; id: number }>(
  exams: readonly T[],
  sort: ExamSort,
): T[] {
  if (sort === "updated") return [...exams];
  const key = sort === "title" ? (e: T) => e.title : (e: T) => e.code;
  return [...exams].sort((a, b) => collator.compare(key(a), key(b)) || a.id - b.id);
}
