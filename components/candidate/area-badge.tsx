// An area's mark (number or letter, area-names.ts) on the picture, at the area's top-left corner
// so it covers as little of the area (a tile's picture, a selection's tick) as it can. Inside an
// element placed with boxStyle; aria-hidden, as that element's own name carries the words.
import { cn } from "../ui/cn";

/** `tile`: a tile's letter, in the tiles' amber, so it is not read as a target's number. */
export function AreaBadge({ mark, tile = false }: { mark: string; tile?: boolean }) {
  return (
    <span
      aria-hidden
      data-testid="area-mark"
      className={cn(
        "pointer-events-none absolute -top-2 -left-2 z-10 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold tabular-nums shadow ring-1 ring-white",
        tile ? "bg-amber-300 text-amber-950" : "bg-slate-900 text-white",
      )}
    >
      {mark}
    </span>
  );
}
