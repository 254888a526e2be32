// Pick any two versions of one question or case study to see side by side: a plain GET form, so
// the comparison is a URL and works without scripts.
import type { HistoryEntry } from "@/server/data/audit";
import { buttonClass } from "../ui/button";
import { formatDateTimeSeconds } from "../ui/format";
import type { HistoryFilterValue } from "./history-filter";

/** How a version is named in the pickers and on the comparison. */
export function versionLabel(entry: Pick<HistoryEntry, "version" | "at">): string {
  return `${entry.version === null ? "Version" : `Version ${entry.version}`} · ${formatDateTimeSeconds(entry.at)}`;
}

export function CompareForm({
  examId,
  filter,
  entries,
}: {
  examId: number;
  filter: HistoryFilterValue;
  entries: HistoryEntry[];
}) {
  if (entries.length < 2 || (filter.kind !== "question" && filter.kind !== "case_study")) return null;
  const select = (name: "a" | "b", label: string, chosen: number) => (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      {label}
      <select
        name={name}
        defaultValue={chosen}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {entries.map((e) => (
          <option key={e.id} value={e.id}>
            {versionLabel(e)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      action={`/exams/${examId}/history/compare`}
      aria-label="Compare two versions"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <input type="hidden" name={filter.kind} value={filter.id} />
      {select("a", "Compare", entries[1]!.id)}
      {select("b", "with", entries[0]!.id)}
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Compare side by side
      </button>
    </form>
  );
}
