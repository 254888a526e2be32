"use client";
// Search, status filter and sort of /exams. Every change goes into the URL (replace, so Back
// leaves the list), and the server page lists what the URL says.
import { Search } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Field, Input, Select } from "../ui/field";
import { STATUS_OPTIONS } from "./exam-labels";
import { listFiltersQuery, MAX_QUERY, SORT_OPTIONS, type ExamListFilters } from "./list-filters";

const TYPING_PAUSE_MS = 250;

export function ExamListFilterBar({ filters }: { filters: ExamListFilters }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [q, setQ] = useState(filters.q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSent = useRef(filters.q);

  // The URL can change under us (Back, a "clear filters" link): show what it says, but never
  // overwrite what is being typed with the answer to an earlier keystroke.
  useEffect(() => {
    if (filters.q !== lastSent.current) {
      lastSent.current = filters.q;
      setQ(filters.q);
    }
  }, [filters.q]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function go(next: ExamListFilters) {
    if (timer.current) clearTimeout(timer.current);
    lastSent.current = next.q;
    startTransition(() => router.replace(`${pathname}${listFiltersQuery(next)}`, { scroll: false }));
  }

  function typed(value: string) {
    setQ(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => go({ ...filters, q: value.trim() }), TYPING_PAUSE_MS);
  }

  return (
    <form
      role="search"
      aria-label="Filter exams"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        go({ ...filters, q: q.trim() });
      }}
      aria-busy={pending}
    >
      <Field label="Search" className="min-w-64 flex-1">
        {(a) => (
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
            <Input
              {...a}
              type="search"
              value={q}
              maxLength={MAX_QUERY}
              onChange={(e) => typed(e.target.value)}
              placeholder="Title, code or category"
              className="w-full pl-8"
            />
          </div>
        )}
      </Field>
      <Field label="Status" className="w-40">
        {(a) => (
          <Select
            {...a}
            value={filters.status}
            onChange={(e) => go({ ...filters, q: q.trim(), status: e.target.value as ExamListFilters["status"] })}
          >
            <option value="">All</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Sort by" className="w-48">
        {(a) => (
          <Select
            {...a}
            value={filters.sort}
            onChange={(e) => go({ ...filters, q: q.trim(), sort: e.target.value as ExamListFilters["sort"] })}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </form>
  );
}
