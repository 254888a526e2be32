// A read-only view of an image-based question (types 3 drag & drop, 4 point & shoot, 5 hot
// area) until the visual area editor exists: its text, base image, areas and options, as stored.
// The HTML shown was cleaned by the HTML policy when it was stored.
import { Info } from "lucide-react";
import type { QuestionDraft } from "./draft";

interface AreaView {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type?: number;
}

const OPTION_HELP: Record<string, string> = {
  FixedWidth: "all areas share one width",
  FixedHeight: "all areas share one height",
  OneToOneMatching: "each draggable matches one target only",
  SingleAnswer: "only one area may be correct",
};

export function AreaSummary({ draft, caseStudyName }: { draft: QuestionDraft; caseStudyName: string | null }) {
  const props = draft.otherProperties;
  const areas = (Array.isArray(props.areas) ? props.areas : []) as AreaView[];
  const options = (props.options ?? {}) as Record<string, boolean>;
  const match = (props.match ?? {}) as Record<string, string>;
  const correct = (props.correct ?? {}) as Record<string, boolean>;
  const points = (props.points ?? {}) as Record<string, number | Record<string, number>>;
  const dragDrop = draft.type === 3;

  const pointsOf = (area: AreaView): string => {
    if (!dragDrop) return typeof points[area.id] === "number" ? String(points[area.id]) : "";
    const byDraggable = points[area.id];
    if (typeof byDraggable !== "object" || byDraggable === null) return "";
    return Object.entries(byDraggable)
      .map(([drag, p]) => `${drag}: ${p}`)
      .join(", ");
  };
  const answerOf = (area: AreaView): string => {
    if (dragDrop) return area.type === 1 ? (match[area.id] ? `matched with ${match[area.id]}` : "no match") : "";
    return correct[area.id] ? "correct" : "";
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700" role="note">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
        The visual area editor for this question type is coming. Until then this question is shown read-only here; it can be changed through the API
        (exam.questionUpdate).
      </p>

      <section aria-labelledby="summary-question" className="flex flex-col gap-2">
        <h2 id="summary-question" className="text-base font-semibold">
          Question
        </h2>
        <div className="rich-text rounded-md border border-slate-200 bg-white p-3" dangerouslySetInnerHTML={{ __html: draft.question }} />
        {draft.explanation !== "" && (
          <>
            <h3 className="text-sm font-semibold text-slate-700">Explanation</h3>
            <div className="rich-text rounded-md border border-slate-200 bg-white p-3" dangerouslySetInnerHTML={{ __html: draft.explanation }} />
          </>
        )}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Points</dt>
          <dd>{draft.points}</dd>
          <dt className="text-slate-500">External id</dt>
          <dd>{draft.externalId || "—"}</dd>
          <dt className="text-slate-500">Case study</dt>
          <dd>{caseStudyName ?? "—"}</dd>
        </dl>
      </section>

      <section aria-labelledby="summary-image" className="flex flex-col gap-2">
        <h2 id="summary-image" className="text-base font-semibold">
          Base image
        </h2>
        {typeof props.image === "string" && props.image !== "" ? (
          <div className="relative w-fit max-w-full overflow-auto rounded-md border border-slate-200 bg-white">
            <img src={props.image} alt="The base image of the question" className="block max-w-none" />
            {areas.map((a) => (
              <span
                key={a.id}
                aria-hidden
                className="absolute border-2 border-brand-600 bg-brand-600/10 text-[10px] font-medium text-brand-700"
                style={{ left: a.x, top: a.y, width: a.width, height: a.height }}
              >
                {a.id}
              </span>
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600">No image.</p>
        )}
      </section>

      <section aria-labelledby="summary-areas" className="flex flex-col gap-2">
        <h2 id="summary-areas" className="text-base font-semibold">
          Areas
        </h2>
        {areas.length === 0 ? (
          <p className="text-sm text-slate-600">No areas.</p>
        ) : (
          <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="areas-table">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">Id</th>
                {dragDrop && <th className="px-3 py-2 font-medium">Kind</th>}
                <th className="px-3 py-2 text-right font-medium">x</th>
                <th className="px-3 py-2 text-right font-medium">y</th>
                <th className="px-3 py-2 text-right font-medium">Width</th>
                <th className="px-3 py-2 text-right font-medium">Height</th>
                <th className="px-3 py-2 font-medium">{dragDrop ? "Match" : "Correct"}</th>
                <th className="px-3 py-2 font-medium">Points</th>
              </tr>
            </thead>
            <tbody>
              {areas.map((a) => (
                <tr key={a.id} className="border-t border-slate-100">
                  <td className="px-3 py-1.5 font-mono">{a.id}</td>
                  {dragDrop && <td className="px-3 py-1.5">{a.type === 1 ? "target" : "draggable"}</td>}
                  <td className="px-3 py-1.5 text-right tabular-nums">{a.x}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{a.y}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{a.width}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{a.height}</td>
                  <td className="px-3 py-1.5">{answerOf(a)}</td>
                  <td className="px-3 py-1.5">{pointsOf(a)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="summary-options" className="flex flex-col gap-2">
        <h2 id="summary-options" className="text-base font-semibold">
          Options
        </h2>
        <ul className="flex flex-col gap-1 text-sm">
          {Object.entries(options).map(([name, on]) => (
            <li key={name}>
              <span className="font-mono">{name}</span>: {on ? "on" : "off"}
              {OPTION_HELP[name] && <span className="text-slate-500"> ({OPTION_HELP[name]})</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
