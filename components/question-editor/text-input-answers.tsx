"use client";
// A text input question (type 7): how similar a typed response must be, whether letter case
// counts, the accepted values with their points, and a box to try a response against them.
import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "../ui/button";
import { NumberInput } from "../forms/number-input";
import { Field, FieldMessageList, Input } from "../ui/field";
import { emptyTextAnswer, type TextAnswerDraft } from "./draft";
import { FIELD } from "./issue-map";
import { PointsInput } from "./points-input";
import type { EditorSectionProps } from "./section-props";
import { TryAnAnswer } from "./try-an-answer";
import { withTriedScenario } from "./scenario-results";
import { QUESTION_TYPE } from "@/server/schemas/question/question-type";

export function TextInputAnswers({ draft, update, messages }: EditorSectionProps) {
  const id = useId();
  const setEntries = (textAnswers: TextAnswerDraft[]) => update((d) => ({ ...d, textAnswers }));
  const patch = (index: number, change: Partial<TextAnswerDraft>) =>
    update((d) => ({ ...d, textAnswers: d.textAnswers.map((t, i) => (i === index ? { ...t, ...change } : t)) }));

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          Accepted answers
        </h2>
        <p className="text-sm text-slate-600">
          A typed response is compared with each accepted value after trimming it and collapsing spaces. It is correct
          when it is at least as similar as the percentage below to one of them.
        </p>
      </div>

      <div className="flex flex-wrap items-start gap-x-6 gap-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
        <Field
          label="Similarity required (%)"
          help="100 = exact match; lower values forgive typing mistakes (similarity = 100 × (1 − edits / length of the longer text))."
          className="w-80"
          {...messages.at(FIELD.textSimilarity)}
        >
          {(a) => (
            <div className="flex items-center gap-3">
              <NumberInput
                {...a}
                value={draft.textSimilarity}
                onChange={(e) => update((d) => ({ ...d, textSimilarity: e.target.value }))}
                className="w-24"
              />
              <input
                type="range"
                min={0}
                max={100}
                step={1}
                value={Number(draft.textSimilarity) || 0}
                onChange={(e) => update((d) => ({ ...d, textSimilarity: e.target.value }))}
                aria-label="Similarity required (slider)"
                tabIndex={-1}
                className="w-36 accent-brand-600"
              />
            </div>
          )}
        </Field>
        <div className="flex flex-col gap-1 pt-6">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={draft.caseSensitive}
              onChange={(e) => update((d) => ({ ...d, caseSensitive: e.target.checked }))}
              className="size-4 accent-brand-600"
            />
            Case sensitive
          </label>
          <p className="text-xs text-slate-500">When on, “Paris” and “paris” differ.</p>
          <FieldMessageList {...messages.at(FIELD.caseSensitive)} />
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <FieldMessageList {...messages.at(FIELD.textAnswers)} />
        <ol className="flex flex-col gap-2">
          {draft.textAnswers.map((entry, index) => (
            <li
              key={entry.key}
              className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-2"
              data-testid="accepted-value-row"
            >
              <Field
                label={`Accepted value ${index + 1}`}
                className="min-w-0 flex-1"
                {...messages.at(FIELD.textAnswerValue(index))}
              >
                {(a) => (
                  <Input
                    {...a}
                    value={entry.value}
                    onChange={(e) => patch(index, { value: e.target.value })}
                    placeholder="Plain text, no HTML"
                  />
                )}
              </Field>
              <PointsInput
                label={`Points for accepted value ${index + 1}`}
                value={entry.points}
                placeholder="none"
                onChange={(points) => patch(index, { points })}
                {...messages.at(FIELD.textAnswerPoints(index))}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove accepted value ${index + 1}`}
                onClick={() => setEntries(draft.textAnswers.filter((_, i) => i !== index))}
                className="mt-6 text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
        <div>
          <Button size="sm" onClick={() => setEntries([...draft.textAnswers, emptyTextAnswer()])}>
            <Plus aria-hidden className="size-4" />
            Add accepted value
          </Button>
        </div>
      </div>

      <TryAnAnswer
        draft={draft}
        onSaveScenario={(text) => update((d) => withTriedScenario(d, { type: QUESTION_TYPE.textInput, text }))}
      />
    </section>
  );
}
