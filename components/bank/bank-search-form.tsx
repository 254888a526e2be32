"use client";
// The bank's search box and filters (contract 15.2 point 5): a plain GET form to /bank, so the
// URL says what is shown and Back returns to the previous search.
import { Search } from "lucide-react";
import { QUESTION_TYPE_NAMES } from "@/server/schemas/question/question-type";
import { SEARCH_QUERY_MAX } from "@/server/schemas/question-search";
import { STATUS_OPTIONS } from "../exams/exam-labels";
import { Button, buttonClass } from "../ui/button";
import { Field, Input, Select } from "../ui/field";
import type { BankFilters } from "./bank-filters";

export interface ExamOption {
  id: number;
  title: string;
  code: string;
}

export function BankSearchForm({
  filters,
  exams,
  domains,
}: {
  filters: BankFilters;
  exams: readonly ExamOption[];
  domains: readonly { id: number; code: string; name: string }[];
}) {
  return (
    <form role="search" aria-label="Search the bank" action="/bank" method="get" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Search"
          className="min-w-0 flex-1 basis-64"
          help="Every word must be found; the start of a word is enough."
        >
          {(a) => (
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
              <Input
                {...a}
                type="search"
                name="q"
                defaultValue={filters.q}
                maxLength={SEARCH_QUERY_MAX}
                placeholder="Words of the question, explanation or answers"
                className="w-full pl-8"
              />
            </div>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Exam" className="w-full sm:w-64">
          {(a) => (
            <Select {...a} name="exam" defaultValue={filters.exam ?? ""}>
              <option value="">All exams</option>
              {exams.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title} ({e.code})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Type" className="w-full sm:w-44">
          {(a) => (
            <Select {...a} name="type" defaultValue={filters.type ?? ""}>
              <option value="">All types</option>
              {Object.entries(QUESTION_TYPE_NAMES).map(([n, name]) => (
                <option key={n} value={n}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {filters.exam !== null && (
          <Field label="Domain" className="w-full sm:w-56">
            {(a) => (
              <Select {...a} name="domain" defaultValue={filters.domain ?? ""}>
                <option value="">All domains</option>
                {domains.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.code} {d.name}
                  </option>
                ))}
                <option value="none">No domain</option>
              </Select>
            )}
          </Field>
        )}
        <Field label="Tag" className="w-full sm:w-40">
          {(a) => <Input {...a} name="tag" defaultValue={filters.tag} maxLength={50} />}
        </Field>
        <Field label="Exam status" className="w-full sm:w-36">
          {(a) => (
            <Select {...a} name="status" defaultValue={filters.status ?? ""}>
              <option value="">Any</option>
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            Search
          </Button>
          <a href="/bank" className={buttonClass("ghost")}>
            Clear
          </a>
        </div>
      </div>
    </form>
  );
}
