// The fields of one answer row (types 1, 2 and 6): its mark (correct / step), its text and its
// points. Side by side from the sm breakpoint on; on a phone the text takes the whole first line
// and the mark and points share the second, so the text is never squeezed to a word per line.
import type { ReactNode } from "react";

export function AnswerFields({ mark, text, points }: { mark: ReactNode; text: ReactNode; points: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <div className="row-start-2 sm:col-start-1 sm:row-start-1">{mark}</div>
      <div className="col-span-2 row-start-1 min-w-0 sm:col-span-1 sm:col-start-2">{text}</div>
      <div className="row-start-2 sm:col-start-3 sm:row-start-1">{points}</div>
    </div>
  );
}
