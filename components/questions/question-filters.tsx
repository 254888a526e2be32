"use client";
// The list's filters: question type and a search over the text and external ID.
import { Search } from "lucide-react";
import { Input, Select } from "../ui/field";
import { QUESTION_TYPES } from "./question-types";

export interface QuestionFilter {
  query: string;
  /** 0 = every type. */
  type: number;
}

export const NO_FILTER: QuestionFilter = { query: "", type: 0 };

export function isFiltering(filter: QuestionFilter): boolean {
  return filter.query.trim() !== "" || filter.type !== 0;
}

/** Case-insensitive match of every word of the query in the text or the external ID. */
export function matchesFilter(
  item: { type: number; text: string; externalId: string | null },
  filter: QuestionFilter,
  words: string[],
): boolean {
  if (filter.type !== 0 && item.type !== filter.type) return false;
  if (words.length === 0) return true;
  const haystack = `${item.text}\n${item.externalId ?? ""}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function QuestionFilters({
  filter,
  onChange,
}: {
  filter: QuestionFilter;
  onChange: (next: QuestionFilter) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter questions">
      <div className="flex flex-col gap-1">
        <label htmlFor="question-search" className="text-sm font-medium text-slate-800">
          Search
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
          <Input
            id="question-search"
            type="search"
            value={filter.query}
            onChange={(e) => onChange({ ...filter, query: e.target.value })}
            placeholder="Question text or external ID"
            className="w-72 pl-8"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="question-type-filter" className="text-sm font-medium text-slate-800">
          Type
        </label>
        <Select
          id="question-type-filter"
          value={filter.type}
          onChange={(e) => onChange({ ...filter, type: Number(e.target.value) })}
          className="w-48"
        >
          <option value={0}>All types</option>
          {QUESTION_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.name}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
