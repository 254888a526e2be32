"use client";
// One area in the side panel: its id (selects it), kind (drag & drop), position and size,
// and what makes it right: the matched draggable and that pair's points (type 3), or the
// correct mark and points (types 4, 5). Every control dispatches the editor's named actions.
import { Trash2 } from "lucide-react";
import { memo } from "react";
import { cn } from "../../ui/cn";
import type { AreaAction } from "../state/actions";
import type { AreaQuestionType, EditorArea } from "../state/types";
import { NumberCell } from "./number-cell";

export interface AreaRowProps {
  area: EditorArea;
  questionType: AreaQuestionType;
  /** Type 3 targets: the matched draggable and the points of that pair. */
  matched: string | undefined;
  pairPoints: number | null;
  /** Types 4, 5. */
  correct: boolean;
  points: number | null;
  draggables: readonly string[];
  selected: boolean;
  outside: boolean;
  dispatch: (action: AreaAction) => void;
  /** `additive`: Shift+click adds the area to the selection or takes it out. */
  onSelect: (id: string, additive: boolean) => void;
}

const GEOMETRY = ["x", "y", "width", "height"] as const;

export const AreaRow = memo(function AreaRow({ area, questionType, matched, pairPoints, correct, points, draggables, selected, outside, dispatch, onSelect }: AreaRowProps) {
  const dragDrop = questionType === 3;
  return (
    <tr className={cn("border-t border-slate-100", selected && "bg-brand-50", outside && "bg-red-50")} data-area-row={area.id} aria-selected={selected}>
      <td className="py-1 pr-2">
        <button
          type="button"
          onClick={(e) => onSelect(area.id, e.shiftKey)}
          aria-pressed={selected}
          aria-label={`Select ${area.id}`}
          className="rounded px-1.5 py-0.5 font-mono text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {area.id}
        </button>
        {outside && <span className="ml-1 text-xs text-red-700">outside</span>}
      </td>
      {dragDrop && (
        <td className="py-1 pr-2">
          <select
            aria-label={`${area.id} kind`}
            value={area.kind ?? 1}
            onChange={(e) => dispatch({ type: "setKind", id: area.id, kind: Number(e.target.value) === 2 ? 2 : 1 })}
            className="h-8 rounded border border-slate-300 bg-white px-1 text-sm"
          >
            <option value={1}>Target</option>
            <option value={2}>Draggable</option>
          </select>
        </td>
      )}
      {GEOMETRY.map((key) => (
        <td key={key} className="py-1 pr-1">
          <NumberCell label={`${area.id} ${key}`} value={area[key]} onCommit={(v) => v !== null && dispatch({ type: "setGeometry", id: area.id, [key]: v })} />
        </td>
      ))}
      {dragDrop ? (
        <>
          <td className="py-1 pr-1">
            {area.kind !== 2 && (
              <select
                aria-label={`${area.id} matches`}
                value={matched ?? ""}
                onChange={(e) =>
                  dispatch(e.target.value === "" ? { type: "disconnect", target: area.id } : { type: "connect", target: area.id, draggable: e.target.value })
                }
                className="h-8 rounded border border-slate-300 bg-white px-1 text-sm"
              >
                <option value="">none</option>
                {draggables.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </td>
          <td className="py-1 pr-1">
            {area.kind !== 2 && (
              <NumberCell
                label={`${area.id} pair points`}
                value={matched ? pairPoints : null}
                allowEmpty
                placeholder="0"
                disabled={!matched}
                onCommit={(v) => matched && dispatch({ type: "setPairPoints", target: area.id, draggable: matched, points: v })}
              />
            )}
          </td>
        </>
      ) : (
        <>
          <td className="py-1 pr-2 text-center">
            <input
              type="checkbox"
              aria-label={`${area.id} correct`}
              checked={correct}
              onChange={() => dispatch({ type: "toggleCorrect", id: area.id })}
              className="size-4 accent-emerald-600"
            />
          </td>
          <td className="py-1 pr-1">
            <NumberCell
              label={`${area.id} points`}
              value={points}
              allowEmpty
              placeholder="0"
              onCommit={(v) => dispatch({ type: "setPoints", id: area.id, points: v })}
            />
          </td>
        </>
      )}
      <td className="py-1 text-right">
        <button
          type="button"
          aria-label={`Delete ${area.id}`}
          onClick={() => dispatch({ type: "delete", ids: [area.id] })}
          className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </td>
    </tr>
  );
});
