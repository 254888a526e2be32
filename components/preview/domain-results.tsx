"use client";
// The result by blueprint domain (contract 15.1 point 6), beside the exam's result: per domain
// its questions in the attempt, the fully correct ones, the points and the percent (by the exam's
// evaluation method, as the exam's percent above it).
import type { DomainResult } from "@/server/domain/scoring/domain-results";
import type { PreviewDomain } from "./types";

const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export function DomainResults({
  rows,
  domains,
  byPoints,
}: {
  rows: readonly DomainResult[];
  domains: readonly PreviewDomain[];
  /** Methods 2 and 4: the percent is of the points, else of the questions fully correct. */
  byPoints: boolean;
}) {
  const byId = new Map(domains.map((d) => [d.id, d]));
  return (
    // At phone width the table scrolls sideways: the region takes the focus, so a keyboard scrolls
    // it too (axe: scrollable-region-focusable), and is named for the screen reader.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Result by domain">
      <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="domain-results">
        <caption className="mb-2 text-left font-semibold text-slate-900">Result by domain</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Domain
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Questions
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Fully correct
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Points
            </th>
            <th scope="col" className="py-1.5 pl-3 text-right font-medium">
              {byPoints ? "Percent of points" : "Percent correct"}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const domain = row.domainId === null ? undefined : byId.get(row.domainId);
            return (
              <tr
                key={row.domainId ?? "none"}
                className="border-b border-slate-200 tabular-nums"
                data-testid="domain-result"
              >
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  {domain ? (
                    <>
                      <span className="font-medium">{domain.code}</span> {domain.name}
                    </>
                  ) : (
                    <span className="text-slate-600">No domain</span>
                  )}
                </th>
                <td className="px-3 py-1.5 text-right">{row.questions}</td>
                <td className="px-3 py-1.5 text-right">{row.fullyCorrect}</td>
                <td className="px-3 py-1.5 text-right">
                  {format(row.points)} of {format(row.maxPoints)}
                </td>
                <td className="py-1.5 pl-3 text-right font-medium">{format(row.percent)}%</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
