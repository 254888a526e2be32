"use client";
// What an import will do, as its dry run answers it (import-dialog.tsx, import-check.ts): the
// counts, or why nothing can be imported; the items that break a rule; the warnings about the
// file; each item with its status and its warnings or problems; then the Import button, which
// says how many it stores and whether it skips the items that break a rule.
import type { FormatId } from "@/server/formats/types";
import { ReadyExamWarning } from "../exams/ready-exam-guard";
import { importIssueText, importItemName, itemDetail } from "../issues/import-text";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import type { ImportCheck } from "./import-check";

const STATUS = {
  created: { tone: "green", text: "Create" },
  updated: { tone: "blue", text: "Update" },
  skipped: { tone: "neutral", text: "Skip" },
} as const;

/**
 * `shown`: how many items are listed (`onShowMore` lists more); `intoExam`: the import goes into
 * an existing exam, which a ready exam's warning then concerns.
 */
export function ImportPlan({
  check: { checked, invalid, itemIssues, fileWarnings, refs, toStore, nothing },
  formats,
  shown,
  onShowMore,
  intoExam,
  busy,
  onImport,
  onCancel,
}: {
  check: ImportCheck & { checked: NonNullable<ImportCheck["checked"]> };
  formats: readonly FormatId[];
  shown: number;
  onShowMore: () => void;
  intoExam: boolean;
  busy: boolean;
  onImport: () => void;
  onCancel: () => void;
}) {
  return (
    <section aria-label="What the import will do" className="flex flex-col gap-2" data-testid="import-plan">
      {nothing ? (
        <div
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="import-nothing"
        >
          <p className="font-medium">{nothing.title}</p>
          <p className="mt-1">{nothing.reason}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {checked.created} to create, {checked.updated} to update, {checked.skipped} to skip.
        </p>
      )}
      {invalid.size > 0 && !nothing && (
        <p role="alert" className="text-sm font-medium text-red-800" data-testid="import-invalid">
          {invalid.size === 1
            ? "1 question breaks a rule of the studio and cannot be imported as it is; its problems are shown at it below."
            : `${invalid.size} questions break a rule of the studio and cannot be imported as they are; their problems are shown at them below.`}
        </p>
      )}
      {fileWarnings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-800" aria-label="Warnings about the file">
          {fileWarnings.map((w, i) => (
            <li key={i}>{importIssueText(w, formats, refs)}</li>
          ))}
        </ul>
      )}
      {checked.items.length > 0 && (
        <ol className="max-h-72 overflow-auto rounded-md border border-slate-200 text-sm">
          {checked.items.slice(0, shown).map((item, i) => (
            <li
              key={i}
              className="flex flex-col gap-0.5 border-t border-slate-200 px-3 py-2 first:border-t-0"
              data-testid="import-item"
            >
              <span className="flex items-center gap-2">
                {invalid.has(i) ? (
                  <Badge tone="red">Cannot import</Badge>
                ) : (
                  <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].text}</Badge>
                )}
                <span className="min-w-0 truncate" title={item.ref}>
                  {importItemName(i, item.ref)}
                </span>
              </span>
              {(itemIssues.get(i) ?? []).map((w, j) => (
                <span
                  key={j}
                  className={invalid.has(i) ? "text-red-800" : "text-amber-800"}
                  data-testid={invalid.has(i) ? "import-item-problem" : undefined}
                >
                  {itemDetail(w, item.ref)}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
      {checked.items.length > shown && (
        <div>
          <Button onClick={onShowMore}>
            Show {Math.min(1000, checked.items.length - shown)} more of the {checked.items.length - shown} items not
            listed
          </Button>
        </div>
      )}
      {intoExam && toStore > 0 && <ReadyExamWarning action="import" />}
      {nothing ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={onCancel}>Close</Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" disabled={busy || toStore === 0} onClick={onImport}>
            {invalid.size > 0
              ? `Import the ${toStore === 1 ? "1 valid item" : `${toStore} valid items`} and skip the others`
              : `Import ${toStore === 1 ? "1 question" : `${toStore} questions`}`}
          </Button>
          {invalid.size > 0 && (
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
