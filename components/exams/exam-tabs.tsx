"use client";
// The exam page's tabs (Radix Tabs: arrow keys move between them). The tab is kept in the URL
// (?tab=questions|settings|case-studies) through the History API, so switching is instant and
// a reload shows the same tab. Every panel stays mounted: edits in the settings form survive a
// switch to another tab and back.
import { usePathname, useSearchParams } from "next/navigation";
import { Tabs } from "radix-ui";
import { useState, type ReactNode } from "react";

export const EXAM_TABS = [
  { value: "questions", label: "Questions" },
  { value: "settings", label: "Settings" },
  { value: "case-studies", label: "Case studies" },
] as const;

export type ExamTab = (typeof EXAM_TABS)[number]["value"];

export function examTabOf(raw: string | null | undefined): ExamTab {
  return EXAM_TABS.find((t) => t.value === raw)?.value ?? "questions";
}

export function ExamTabs({
  panels,
  counts = {},
}: {
  panels: Record<ExamTab, ReactNode>;
  counts?: Partial<Record<ExamTab, number>>;
}) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const urlTab = examTabOf(searchParams.get("tab"));
  // The tab shown is React state, set by the click itself. Next brings useSearchParams in step
  // with replaceState in a transition, later: read from it, a second click made before then can
  // meet its tab still shown as selected, which Radix ignores (most likely what a browser test
  // met on a slow machine: Questions, then Settings, and the address stayed on Questions). The
  // address still leads when it changes otherwise (back, a link with ?tab=).
  const [shown, setShown] = useState<{ tab: ExamTab; urlTab: ExamTab }>({ tab: urlTab, urlTab });
  if (shown.urlTab !== urlTab) setShown({ tab: urlTab, urlTab });
  const tab = shown.tab;

  function select(value: string) {
    setShown((s) => ({ ...s, tab: examTabOf(value) }));
    // The address as it is now: useSearchParams may not have caught up with the last click.
    const params = new URLSearchParams(window.location.search);
    if (value === "questions") params.delete("tab");
    else params.set("tab", value);
    const query = params.toString();
    window.history.replaceState(null, "", `${pathname}${query ? `?${query}` : ""}`);
  }

  return (
    <Tabs.Root value={tab} onValueChange={select} className="flex flex-col gap-5">
      <Tabs.List aria-label="Exam sections" className="flex gap-1 border-b border-slate-200">
        {EXAM_TABS.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {t.label}
            {counts[t.value] !== undefined && (
              <span
                className="ml-1.5 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600 tabular-nums"
                aria-label={`(${counts[t.value]})`}
              >
                {counts[t.value]}
              </span>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {EXAM_TABS.map((t) => (
        <Tabs.Content key={t.value} value={t.value} forceMount className="data-[state=inactive]:hidden">
          {panels[t.value]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
