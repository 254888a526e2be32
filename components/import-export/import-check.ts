// What the import dialog shows of a dry run of exam.examImport (import-dialog.tsx): the items that
// break a rule (skipped by the dry run's on_invalid skip) and every other issue of each item, the
// problems of the new exam's settings by field, the warnings about the file as a whole, how many
// questions an import would store, and why none can be, when none can (nothing-to-import.ts). Pure.
import type { OperationOutcome } from "@/components/lib/operations";
import type { Issue } from "@/server/errors";
import { itemIndexOf } from "../issues/import-text";
import { nothingToImport } from "./nothing-to-import";

export type ImportOutcome = OperationOutcome<"exam.examImport">;

/** A dry run's result with a plan to show (not one that asks for a sheet's columns first). */
export type CheckedImport = Extract<ImportOutcome, { ok: true }>["result"];

export interface ImportCheck {
  /** The plan to show; null before a dry run, after a failed one, or while it asks for columns. */
  checked: CheckedImport | null;
  /** The indexes of the items that break a rule. */
  invalid: Set<number>;
  /** Each item's issues but the one that says it breaks a rule. */
  itemIssues: Map<number, Issue[]>;
  /** The failure's problems at the new exam's fields (`exam.title` → title), among `fields`. */
  fieldErrors: Record<string, string>;
  /** The warnings not about one item: about the file. */
  fileWarnings: Issue[];
  /** How the result names each item, in file order. */
  refs: string[] | undefined;
  /** Questions an import would create or update. */
  toStore: number;
  /** Why nothing can be imported, or null when something can. */
  nothing: { title: string; reason: string } | null;
}

/** The dry run `check` as the dialog shows it; `fields`: the new exam's fields the dialog has. */
export function readImportCheck(check: ImportOutcome | null, fields: object): ImportCheck {
  const checked = check?.ok && !check.result.columns_needed ? check.result : null;
  const invalid = new Set<number>();
  const itemIssues = new Map<number, Issue[]>();
  if (check?.ok)
    for (const w of check.warnings) {
      const index = itemIndexOf(w.path);
      if (index === null) continue;
      if (w.code === "item_invalid") invalid.add(index);
      else itemIssues.set(index, [...(itemIssues.get(index) ?? []), w]);
    }
  const fieldErrors: Record<string, string> = {};
  if (check && !check.ok)
    for (const issue of check.issues) {
      const field = /^exam\.(\w+)$/.exec(issue.path)?.[1];
      if (field && field in fields) fieldErrors[field] = issue.message;
    }
  return {
    checked,
    invalid,
    itemIssues,
    fieldErrors,
    fileWarnings: check?.ok ? check.warnings.filter((w) => !w.path.startsWith("items[")) : [],
    refs: checked?.items.map((item) => item.ref),
    toStore: checked ? checked.created + checked.updated : 0,
    nothing: checked ? nothingToImport(checked.items, invalid) : null,
  };
}
