"use client";
// One area in the side panel: its id (selects it), kind (drag & drop), position and size,
// and what makes it right: the matched draggable and that pair's points (type 3), or the
// correct mark and points (types 4, 5). Every control dispatches the editor's named actions.
import { Trash2 } from "lucide-react";
import { memo, useCallback, useState } from "react";
import type { Issue } from "@/server/errors";
import type { ImageSize } from "@/server/domain/areas";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "@/server/schemas/question/area-bounds";
import { NUMBER_RULES, type NumberRule } from "../../forms/number-text";
import { authorText } from "../../issues/author-text";
import { cn } from "../../ui/cn";
import { FieldMessageList } from "../../ui/field";
import type { AreaAction } from "../state/actions";
import type { AreaQuestionType, EditorArea } from "../state/types";
import { NumberCell } from "./number-cell";

export interface AreaRowProps {
  area: EditorArea;
  /** Its place in the areas (the index of its issue paths). */
  index: number;
  image: ImageSize | null;
  /** The issues placed at this area, in the author's words. */
  errors: readonly string[];
  warnings: readonly string[];
  /** The number of columns, for the row of messages under it. */
  columns: number;
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
const PROPS = "question.properties";

/** What a cell of the area takes: the area stays inside the image and at least 30 × 15 px. */
function geometryRule(key: (typeof GEOMETRY)[number], area: EditorArea, image: ImageSize | null): NumberRule {
  const pixels = { unit: "pixels" };
  if (!image) return { ...pixels, min: key === "width" ? AREA_MIN_WIDTH : key === "height" ? AREA_MIN_HEIGHT : 0 };
  switch (key) {
    case "x":
      return { ...pixels, min: 0, max: Math.max(0, image.width - area.width) };
    case "y":
      return { ...pixels, min: 0, max: Math.max(0, image.height - area.height) };
    case "width":
      return {
        ...pixels,
        min: Math.min(AREA_MIN_WIDTH, image.width),
        max: Math.max(Math.min(AREA_MIN_WIDTH, image.width), image.width - area.x),
      };
    case "height":
      return {
        ...pixels,
        min: Math.min(AREA_MIN_HEIGHT, image.height),
        max: Math.max(Math.min(AREA_MIN_HEIGHT, image.height), image.height - area.y),
      };
  }
}

export const AreaRow = memo(function AreaRow(props: AreaRowProps) {
  const { area, columns, errors, warnings } = props;
  // The problems of the text typed into this row's cells, by path, until each is right.
  const [cellIssues, setCellIssues] = useState<Record<string, Issue>>({});
  const onIssue = useCallback((path: string, issue: Issue | null) => {
    setCellIssues((current) => {
      if ((current[path] ?? null) === issue) return current;
      const { [path]: _old, ...rest } = current;
      return issue ? { ...rest, [path]: issue } : rest;
    });
  }, []);
  const messagesId = `area-messages-${area.id}`;
  const cellErrors = Object.values(cellIssues).map((issue) => authorText(issue));
  const shownErrors = [...cellErrors, ...errors];
  return (
    <>
      <AreaCells {...props} onIssue={onIssue} messagesId={messagesId} />
      {(shownErrors.length > 0 || warnings.length > 0) && (
        <tr data-area-messages={area.id}>
          <td colSpan={columns} className="pb-1.5 pl-1.5">
            <FieldMessageList id={messagesId} errors={shownErrors} warnings={warnings} />
          </td>
        </tr>
      )}
    </>
  );
});

function AreaCells({
  area,
  index,
  image,
  questionType,
  matched,
  pairPoints,
  correct,
  points,
  draggables,
  selected,
  outside,
  dispatch,
  onSelect,
  onIssue,
  messagesId,
}: AreaRowProps & { onIssue: (path: string, issue: Issue | null) => void; messagesId: string }) {
  const dragDrop = questionType === QUESTION_TYPE.dragAndDrop;
  const cell = { onIssue, describedBy: messagesId };
  return (
    <tr
      className={cn("border-t border-slate-100", selected && "bg-brand-50", outside && "bg-red-50")}
      data-area-row={area.id}
      aria-selected={selected}
    >
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
            value={area.kind ?? AREA_TYPE.target}
            onChange={(e) =>
              dispatch({
                type: "setKind",
                id: area.id,
                kind: Number(e.target.value) === AREA_TYPE.draggable ? AREA_TYPE.draggable : AREA_TYPE.target,
              })
            }
            className="h-8 rounded border border-slate-300 bg-white px-1 text-sm"
          >
            <option value={AREA_TYPE.target}>Target</option>
            <option value={AREA_TYPE.draggable}>Draggable</option>
          </select>
        </td>
      )}
      {GEOMETRY.map((key) => (
        <td key={key} className="py-1 pr-1">
          <NumberCell
            {...cell}
            label={`${area.id} ${key}`}
            path={`${PROPS}.areas[${index}].${key}`}
            rule={geometryRule(key, area, image)}
            value={area[key]}
            onCommit={(v) => v !== null && dispatch({ type: "setGeometry", id: area.id, [key]: v })}
          />
        </td>
      ))}
      {dragDrop ? (
        <>
          <td className="py-1 pr-1">
            {area.kind !== AREA_TYPE.draggable && (
              <select
                aria-label={`${area.id} matches`}
                value={matched ?? ""}
                onChange={(e) =>
                  dispatch(
                    e.target.value === ""
                      ? { type: "disconnect", target: area.id }
                      : { type: "connect", target: area.id, draggable: e.target.value },
                  )
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
            {area.kind !== AREA_TYPE.draggable && (
              <NumberCell
                {...cell}
                label={`${area.id} pair points`}
                path={`${PROPS}.points.${area.id}.${matched ?? ""}`}
                rule={NUMBER_RULES.itemPoints}
                value={matched ? pairPoints : null}
                placeholder="0"
                disabled={!matched}
                onCommit={(v) =>
                  matched && dispatch({ type: "setPairPoints", target: area.id, draggable: matched, points: v })
                }
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
              {...cell}
              label={`${area.id} points`}
              path={`${PROPS}.points.${area.id}`}
              rule={NUMBER_RULES.itemPoints}
              value={points}
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
}
