"use client";
// Above the question list: each domain of the exam's blueprint with its number of questions (and
// the questions without a domain); choosing one filters the list by it, choosing it again shows
// every domain. With weights, each domain's quota of a run stands beside its count, and a domain
// that cannot fill it says by how many (the blueprint_short warning of Mark ready).
import { cn } from "../ui/cn";
import type { DomainView } from "@/server/data/domains";
import { countText, domainCounts } from "./domain-counts";
import { NO_DOMAIN } from "./question-filters";

export function DomainSummary({
  domains,
  items,
  selected,
  onSelect,
  presented = 0,
}: {
  domains: readonly DomainView[];
  /** testing_questions in effect, which the weights share out. */
  presented?: number;
  items: readonly { domainId: number | null }[];
  /** The domain filter's value ("" none chosen). */
  selected: string;
  onSelect: (domain: string) => void;
}) {
  if (domains.length === 0) return null;
  return (
    <section
      aria-labelledby="domain-summary-heading"
      className="rounded-lg border border-slate-200 bg-white px-3 py-2.5"
    >
      <h3 id="domain-summary-heading" className="text-sm font-semibold text-slate-800">
        Questions by domain
      </h3>
      <ul className="mt-1.5 flex flex-wrap gap-2" data-testid="domain-counts">
        {domainCounts(domains, items, presented).map((entry) => {
          const { domain, quota, count } = entry;
          const value = domain === null ? NO_DOMAIN : String(domain.id);
          const pressed = selected === value;
          return (
            <li key={value}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onSelect(pressed ? "" : value)}
                className={cn(
                  "inline-flex max-w-xs items-baseline gap-1.5 rounded-md border px-2.5 py-1 text-left text-sm",
                  pressed
                    ? "border-brand-600 bg-brand-50 text-brand-700"
                    : "border-slate-200 text-slate-700 hover:bg-slate-50",
                )}
              >
                <span className="truncate font-medium">
                  {domain === null ? "No domain" : `${domain.code} ${domain.name}`}
                  <span className="sr-only">{": "}</span>
                </span>
                <span
                  className={cn(
                    "shrink-0 tabular-nums",
                    quota !== undefined && count < quota ? "text-amber-800" : "text-slate-600",
                  )}
                >
                  {countText(entry)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
