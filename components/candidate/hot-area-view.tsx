"use client";
// Type 5, hot area: the areas are visible; the candidate selects the ones they choose
// (click, tap, or Enter/Space on each). SingleAnswer keeps one selected. Each area shows its
// number (area-names.ts), which the result's review uses too.
import { Check } from "lucide-react";
import { cn } from "../ui/cn";
import { AreaBadge } from "./area-badge";
import { areaNames, capitalized } from "./area-names";
import { boxStyle, ImageFrame, type ImageSize } from "./image-frame";
import { toggle, type ResponseArea } from "./image-response";

interface HotAreaViewProps {
  src: string;
  size: ImageSize;
  areas: readonly ResponseArea[];
  single: boolean;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
}

export function HotAreaView({ src, size, areas, single, selected, onChange, disabled }: HotAreaViewProps) {
  const names = areaNames(areas, 5);
  return (
    <div className="flex flex-col gap-2">
      <ImageFrame
        src={src}
        size={size}
        role="group"
        aria-label={single ? "Picture: select one area" : "Picture: select the areas that apply"}
      >
        {areas.map((a) => {
          const on = selected.includes(a.id);
          const name = names.get(a.id)!;
          return (
            <button
              key={a.id}
              type="button"
              disabled={disabled}
              aria-pressed={on}
              aria-label={capitalized(name.label)}
              onClick={() => onChange(toggle(selected, a.id, single))}
              style={boxStyle(a, size)}
              className={cn(
                "rounded-sm border-2 transition-colors focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                on ? "border-brand-700 bg-brand-600/35" : "border-slate-700/70 bg-white/25 hover:bg-brand-600/15",
              )}
            >
              {/* Not by colour alone: a selected area also shows a tick. It sits on the area's
                  top right corner (its centre on the corner), not in the middle: an area is drawn
                  around a label of the picture, which must stay readable once selected. */}
              {on && (
                <Check
                  aria-hidden
                  data-testid="hot-area-tick"
                  className="absolute -top-0.5 -right-0.5 size-4 translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-700 p-0.5 text-white ring-2 ring-white"
                />
              )}
              <AreaBadge mark={name.mark} />
            </button>
          );
        })}
      </ImageFrame>
      <p className="text-xs text-slate-600">
        {single
          ? "Select the one area that answers the question."
          : "Select every area that answers the question; select one again to clear it."}
      </p>
    </div>
  );
}
