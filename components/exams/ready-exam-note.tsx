// Said before a save that will put a ready exam back to draft (contract 6): its public page goes
// down until someone marks it ready again. Shown while the exam is ready, in a place that does not
// appear or move while the author types.
import { Info } from "lucide-react";

export function ReadyExamNote({ what }: { what: string }) {
  return (
    <p
      role="note"
      data-testid="ready-exam-note"
      className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700" />
      <span>
        This exam is ready. Saving {what} puts it back to draft, and its public page is offline until the exam is marked
        ready again.
      </span>
    </p>
  );
}
