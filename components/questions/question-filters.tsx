"use client";
// The list's filters: question type, domain and tag (contract 15.1), and a search over the text
// and external ID.
import { Search } from "lucide-react";
import type { DomainView } from "@/server/data/domains";
import { tagKey } from "@/server/schemas/blueprint";
import { Input, Select } from "../ui/field";
import { QUESTION_TYPES } from "./question-types";

export interface QuestionFilter {
  query: string;
  /** 0 = every type. */
  type: number;
  /** "" every domain, NO_DOMAIN the questions without one, else a domain's id as text. */
  domain: string;
  /** "" every tag, else a tag (compared without regard to case). */
  tag: string;
}

/** The domain filter's value for the questions without a domain. */
export const NO_DOMAIN = "none";

export const NO_FILTER: QuestionFilter = { query: "", type: 0, domain: "", tag: "" };

export function isFiltering(filter: QuestionFilter): boolean {
  return filter.query.trim() !== "" || filter.type !== 0 || filter.domain !== "" || filter.tag !== "";
}

/** Case-insensitive match of every word of the query in the text or the external ID. */
export function matchesFilter(
  item: { type: number; text: string; externalId: string | null; domainId?: number | null; tags?: readonly string[] },
  filter: QuestionFilter,
  words: string[],
): boolean {
  if (filter.type !== 0 && item.type !== filter.type) return false;
  if (filter.domain !== "" && String(item.domainId ?? NO_DOMAIN) !== filter.domain) return false;
  if (filter.tag !== "" && !(item.tags ?? []).some((t) => tagKey(t) === tagKey(filter.tag))) return false;
  if (words.length === 0) return true;
  const haystack = `${item.text}\n${item.externalId ?? ""}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The tags of these questions, each once (its first spelling), in alphabetical order. */
export function tagsOf(items: readonly { tags: readonly string[] }[]): string[] {
  const byKey = new Map<string, string>();
  for (const item of items) for (const t of item.tags) if (!byKey.has(tagKey(t))) byKey.set(tagKey(t), t);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
}

export function QuestionFilters({
  filter,
  onChange,
  domains,
  tags,
}: {
  filter: QuestionFilter;
  onChange: (next: QuestionFilter) => void;
  /** The exam's blueprint; no domain filter without one. */
  domains: readonly DomainView[];
  /** The tags of the exam's questions; no tag filter without any. */
  tags: readonly string[];
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
      {domains.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor="question-domain-filter" className="text-sm font-medium text-slate-800">
            Domain
          </label>
          <Select
            id="question-domain-filter"
            value={filter.domain}
            onChange={(e) => onChange({ ...filter, domain: e.target.value })}
            className="w-56"
          >
            <option value="">All domains</option>
            {domains.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.code} {d.name}
              </option>
            ))}
            <option value={NO_DOMAIN}>No domain</option>
          </Select>
        </div>
      )}
      {(tags.length > 0 || filter.tag !== "") && (
        <div className="flex flex-col gap-1">
          <label htmlFor="question-tag-filter" className="text-sm font-medium text-slate-800">
            Tag
          </label>
          <Select
            id="question-tag-filter"
            value={filter.tag}
            onChange={(e) => onChange({ ...filter, tag: e.target.value })}
            className="w-48"
          >
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
            {filter.tag !== "" && !tags.some((t) => tagKey(t) === tagKey(filter.tag)) && (
              <option value={filter.tag}>{filter.tag}</option>
            )}
          </Select>
        </div>
      )}
    </div>
  );
}
