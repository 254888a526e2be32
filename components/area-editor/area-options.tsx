"use client";
// The options of an image question (contract 7), each applied live by the setOption action:
// FixedWidth / FixedHeight give every area the first one's size, OneToOneMatching keeps each
// draggable on one target, SingleAnswer keeps one correct area.
import { AREA_TYPES } from "@/server/domain/question-types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import type { AreaAction } from "./state/actions";
import type { AreaDoc, AreaOptions as Options } from "./state/types";

const OPTIONS: { name: keyof Options; label: string; help: string; types: readonly number[] }[] = [
  { name: "FixedWidth", label: "Same width", help: "every area takes the first area's width", types: AREA_TYPES },
  { name: "FixedHeight", label: "Same height", help: "every area takes the first area's height", types: AREA_TYPES },
  {
    name: "OneToOneMatching",
    label: "One target per draggable",
    help: "a draggable can match only one target",
    types: [QUESTION_TYPE.dragAndDrop],
  },
  {
    name: "SingleAnswer",
    label: "Single answer",
    help: "only one area can be correct",
    types: [QUESTION_TYPE.pointAndShoot, QUESTION_TYPE.hotArea],
  },
];

export function AreaOptionsBar({ doc, dispatch }: { doc: AreaDoc; dispatch: (action: AreaAction) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
      <legend className="sr-only">Options</legend>
      {OPTIONS.filter((o) => o.types.includes(doc.questionType)).map((o) => (
        <label key={o.name} className="flex items-center gap-1.5 text-sm text-slate-800" title={o.help}>
          <input
            type="checkbox"
            checked={doc.options[o.name]}
            onChange={(e) => dispatch({ type: "setOption", name: o.name, value: e.target.checked })}
            className="size-4 accent-brand-600"
          />
          {o.label}
          <span className="text-xs text-slate-500">({o.help})</span>
        </label>
      ))}
    </fieldset>
  );
}
