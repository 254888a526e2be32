"use client";
// The side panel: every area with numeric fields, so everything the canvas does can be done
// without a mouse. Rows are memoised: an edit re-renders the rows whose area changed.
import { useCallback, useMemo } from "react";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import type { AreaAction } from "../state/actions";
import type { AreaEditorState } from "../state/types";
import { AreaRow } from "./area-row";

interface AreaPanelProps {
  state: AreaEditorState;
  dispatch: (action: AreaAction) => void;
  outside: readonly string[];
  /** The messages placed at one area (by its id), in the author's words. */
  messagesOf: (id: string) => { errors: readonly string[]; warnings: readonly string[] };
}

export function AreaPanel({ state, dispatch, outside, messagesOf }: AreaPanelProps) {
  const { doc, selected } = state;
  const dragDrop = doc.questionType === QUESTION_TYPE.dragAndDrop;
  const draggableKey = doc.areas
    .filter((a) => a.kind === AREA_TYPE.draggable)
    .map((a) => a.id)
    .join(" ");
  const draggables = useMemo(() => (draggableKey === "" ? [] : draggableKey.split(" ")), [draggableKey]);
  // The reducer toggles against the selection it holds, so the callback, and with it every
  // memoised row, survives a selection change.
  const onSelect = useCallback(
    (id: string, additive: boolean) =>
      dispatch(additive ? { type: "toggleSelect", id } : { type: "select", ids: [id] }),
    [dispatch],
  );

  if (doc.areas.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
        No areas yet.{" "}
        {doc.image ? "Drag on the image to draw one, or press “Add area”." : "They are drawn on the image."}
      </p>
    );
  }
  return (
    <div className="max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label="Areas">
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th className="py-1.5 pr-2 pl-1.5">Area</th>
            {dragDrop && <th className="py-1.5 pr-2">Kind</th>}
            <th className="py-1.5 pr-1">X</th>
            <th className="py-1.5 pr-1">Y</th>
            <th className="py-1.5 pr-1">Width</th>
            <th className="py-1.5 pr-1">Height</th>
            {dragDrop ? (
              <>
                <th className="py-1.5 pr-1">Matches</th>
                <th className="py-1.5 pr-1">Points</th>
              </>
            ) : (
              <>
                <th className="py-1.5 pr-2">Correct</th>
                <th className="py-1.5 pr-1">Points</th>
              </>
            )}
            <th className="py-1.5">
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.areas.map((area, index) => (
            <AreaRow
              key={area.id}
              area={area}
              index={index}
              image={doc.image}
              columns={dragDrop ? 9 : 8}
              {...messagesOf(area.id)}
              questionType={doc.questionType}
              matched={doc.match[area.id]}
              pairPoints={doc.pairPoints[area.id]?.[doc.match[area.id] ?? ""] ?? null}
              correct={doc.correct[area.id] === true}
              points={doc.points[area.id] ?? null}
              draggables={draggables}
              selected={selected.includes(area.id)}
              outside={outside.includes(area.id)}
              dispatch={dispatch}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
