"use client";
// "Try an answer" for a text input question: type a response and see how similar it is to each
// accepted value and whether it would be accepted, by the scoring's own function
// (server/domain/similarity.ts). Uses the form as it is now, saved or not.
import { BookmarkPlus, CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { checkTextResponse, formatSimilarity } from "@/server/domain/similarity";
import { Button } from "../ui/button";
import { Input } from "../ui/field";
import { numberOrText, type QuestionDraft } from "./draft";

/** `onSaveScenario`: "Save as scenario" (contract 16.3 point 4) stores the typed response. */
export function TryAnAnswer({
  draft,
  onSaveScenario,
}: {
  draft: QuestionDraft;
  onSaveScenario?: (text: string) => void;
}) {
  const id = useId();
  const [response, setResponse] = useState("");
  const threshold = numberOrText(draft.textSimilarity);
  const values = draft.textAnswers
    .map((t) => ({ value: t.value, points: numberOrText(t.points) }))
    .filter((t) => t.value.trim() !== "")
    .map((t) => (typeof t.points === "number" ? { value: t.value, points: t.points } : { value: t.value }));
  const usable = typeof threshold === "number" && values.length > 0;
  const check =
    usable && response !== ""
      ? checkTextResponse(response, values, { threshold, caseSensitive: draft.caseSensitive })
      : null;
  const match = check && check.match !== null ? check.results[check.match]! : null;

  return (
    <div
      className="flex flex-col gap-2 rounded-md border border-brand-100 bg-brand-50/60 p-3"
      data-testid="try-an-answer"
    >
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800">
        Try an answer
      </label>
      <Input
        id={`${id}-input`}
        value={response}
        onChange={(e) => setResponse(e.target.value)}
        placeholder={usable ? "Type a response as a candidate would" : "Add an accepted value and a similarity first"}
        disabled={!usable}
        aria-describedby={`${id}-verdict`}
      />
      {onSaveScenario && usable && response.trim() !== "" && (
        <Button size="sm" variant="ghost" className="self-start" onClick={() => onSaveScenario(response)}>
          <BookmarkPlus aria-hidden className="size-4" /> Save as scenario
        </Button>
      )}
      <div id={`${id}-verdict`} aria-live="polite">
        {check && (
          <>
            <p
              className={
                match
                  ? "flex items-center gap-1.5 text-sm font-medium text-emerald-800"
                  : "flex items-center gap-1.5 text-sm font-medium text-red-800"
              }
              data-testid="try-verdict"
            >
              {match ? <CheckCircle2 aria-hidden className="size-4" /> : <XCircle aria-hidden className="size-4" />}
              {match
                ? `Accepted: ${formatSimilarity(match.similarity)}% similar to “${match.value}”${match.points !== undefined ? ` (${match.points} extra ${Math.abs(match.points) === 1 ? "point" : "points"})` : ""}.`
                : `Not accepted: no accepted value is at least ${threshold}% similar.`}
            </p>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Similarity of the response to each accepted value</caption>
              <thead className="text-left text-xs text-slate-500">
                <tr>
                  <th className="py-1 font-medium">Accepted value</th>
                  <th className="py-1 text-right font-medium">Similarity</th>
                  <th className="py-1 pl-4 font-medium">Result</th>
                </tr>
              </thead>
              <tbody>
                {check.results.map((r, i) => (
                  <tr key={i} className="border-t border-brand-100" data-testid="try-result">
                    <td className="py-1 break-all">{r.value}</td>
                    <td className="py-1 text-right tabular-nums">{formatSimilarity(r.similarity)}%</td>
                    <td className={r.accepted ? "py-1 pl-4 text-emerald-800" : "py-1 pl-4 text-slate-500"}>
                      {r.accepted ? "would be accepted" : "too different"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </div>
  );
}
