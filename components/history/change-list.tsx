// What changed between two versions of an object, as chips with the field's name (and, for a list
// or a group, a short account): in the history, and where a save meets someone else's version.
import type { FieldChange } from "@/server/domain/history-diff";

export function ChangeList({ changes }: { changes: FieldChange[] }) {
  return (
    <div className="mt-2 text-sm" data-testid="changes">
      {changes.length === 0 ? (
        <p className="text-slate-500">No change to the stored content.</p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-1.5">
          <span className="text-slate-600">Changed:</span>
          {changes.map((c) => (
            <span
              key={c.field}
              className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-900 ring-1 ring-amber-200"
              data-field={c.field}
            >
              {c.label}
              {c.detail && <span className="text-amber-800/80"> ({c.detail})</span>}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
