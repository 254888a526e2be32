"use client";
// Answers of a single choice (type 1: one correct, radio buttons) or multiple choice question
// (type 2: several correct, checkboxes): text, correct mark, points; add, remove, reorder.
import { Plus } from "lucide-react";
import { useId } from "react";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { Button } from "../ui/button";
import { FieldMessageList } from "../ui/field";
import { AnswerFields } from "./answer-fields";
import { emptyAnswer, type AnswerDraft } from "./draft";
import { FIELD } from "./issue-map";
import type { EditorSectionProps } from "./section-props";
import { SortableRows } from "./sortable-rows";

export function ChoiceAnswers({ draft, update, messages, bag }: EditorSectionProps) {
  const single = draft.type === QUESTION_TYPE.singleChoice;
  const group = useId();
  const setAnswers = (answers: AnswerDraft[]) => update((d) => ({ ...d, answers }));
  const patch = (index: number, change: Partial<AnswerDraft>) =>
    update((d) => ({ ...d, answers: d.answers.map((a, i) => (i === index ? { ...a, ...change } : a)) }));
  const markCorrect = (index: number, checked: boolean) =>
    update((d) => ({
      ...d,
      // Single choice: marking one answer correct unmarks the others.
      answers: d.answers.map((a, i) =>
        i === index ? { ...a, isCorrect: checked } : single && checked ? { ...a, isCorrect: false } : a,
      ),
    }));

  return (
    <section aria-labelledby={`${group}-heading`} className="flex flex-col gap-3">
      <div>
        <h2 id={`${group}-heading`} className="text-base font-semibold">
          Answers
        </h2>
        <p className="text-sm text-slate-600">
          {single ? "Mark the one correct answer." : "Mark every correct answer (more than one is expected)."} Points
          are added to the question&apos;s points when a candidate selects the answer (negative for a penalty); they
          count only for the &quot;points gained&quot; evaluation methods.
        </p>
        <FieldMessageList {...messages.at(FIELD.answers)} />
      </div>
      <SortableRows
        items={draft.answers}
        noun="answer"
        onReorder={setAnswers}
        onRemove={(index) => setAnswers(draft.answers.filter((_, i) => i !== index))}
        renderRow={(answer, index) => (
          <AnswerFields
            answer={answer}
            index={index}
            onPatch={(change) => patch(index, change)}
            messages={messages}
            bag={bag}
            mark={
              <label className="mt-8 flex shrink-0 items-center gap-1.5 text-sm text-slate-700">
                <input
                  type={single ? "radio" : "checkbox"}
                  name={single ? `${group}-correct` : undefined}
                  checked={answer.isCorrect}
                  onChange={(e) => markCorrect(index, e.target.checked)}
                  aria-label={`Answer ${index + 1} is correct`}
                  className="size-4 accent-brand-600"
                />
                <span aria-hidden>Correct</span>
              </label>
            }
          />
        )}
      />
      <div>
        <Button size="sm" onClick={() => setAnswers([...draft.answers, emptyAnswer()])}>
          <Plus aria-hidden className="size-4" />
          Add answer
        </Button>
      </div>
    </section>
  );
}
