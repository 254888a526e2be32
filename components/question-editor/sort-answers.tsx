"use client";
// Answers of a sort question (type 6): the list order is the correct sequence (drag, keyboard or
// move buttons). With optional answers on, an answer can be a distractor: listed to candidates
// but not part of the sequence. Distractors stay where the author puts them in the list (their
// order is not used for checking), so a question loaded from the API keeps its exact orders.
import { Plus } from "lucide-react";
import { useId } from "react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { FieldMessageList } from "../ui/field";
import { AnswerFields } from "./answer-fields";
import { emptyAnswer, type AnswerDraft } from "./draft";
import { FIELD } from "./issue-map";
import type { EditorSectionProps } from "./section-props";
import { SortableRows } from "./sortable-rows";

export function SortAnswers({ draft, update, messages, bag }: EditorSectionProps) {
  const id = useId();
  const setAnswers = (answers: AnswerDraft[]) => update((d) => ({ ...d, answers }));
  const patch = (index: number, change: Partial<AnswerDraft>) =>
    update((d) => ({ ...d, answers: d.answers.map((a, i) => (i === index ? { ...a, ...change } : a)) }));

  // The position of each answer in the correct sequence (distractors have none).
  let inSequence = 0;
  const positions = draft.answers.map((a) => (a.isCorrect ? ++inSequence : null));
  const optionalMessages = messages.at(FIELD.optionalAnswers);

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div>
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          Correct sequence
        </h2>
        <p className="text-sm text-slate-600">
          Put the answers in the order a candidate must reproduce: drag the handle, or focus it and press Space, the
          arrow keys, then Space again; the arrow buttons work too.
        </p>
      </div>
      <div className="flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-3">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={draft.optionalAnswers}
            onChange={(e) => update((d) => ({ ...d, optionalAnswers: e.target.checked }))}
            aria-describedby={`${id}-optional-help`}
            className="size-4 accent-brand-600"
          />
          Allow distractors (optional answers)
        </label>
        <p id={`${id}-optional-help`} className="text-xs text-slate-500">
          Distractors are shown to candidates among the answers but are not part of the sequence; a correct response
          leaves them out.
        </p>
        <FieldMessageList {...optionalMessages} />
      </div>
      <FieldMessageList {...messages.at(FIELD.answers)} />
      <SortableRows
        items={draft.answers}
        noun="answer"
        onReorder={setAnswers}
        onRemove={(index) => setAnswers(draft.answers.filter((_, i) => i !== index))}
        rowClassName={(answer) => (answer.isCorrect ? undefined : "border-dashed bg-slate-50")}
        renderRow={(answer, index) => (
          <AnswerFields
            answer={answer}
            index={index}
            onPatch={(change) => patch(index, change)}
            messages={messages}
            bag={bag}
            mark={
              <div className="mt-7 flex w-20 shrink-0 flex-col items-start gap-1.5">
                {/* A distractor has no step; its checkbox below says what it is. */}
                {positions[index] !== null && <Badge tone="blue">Step {positions[index]}</Badge>}
                {/* Shown when distractors are allowed, or to fix an answer that is not in the sequence. */}
                {(draft.optionalAnswers || !answer.isCorrect) && (
                  <label className="flex items-center gap-1.5 text-xs text-slate-700">
                    <input
                      type="checkbox"
                      checked={!answer.isCorrect}
                      onChange={(e) => patch(index, { isCorrect: !e.target.checked })}
                      aria-label={`Answer ${index + 1} is a distractor`}
                      className="size-3.5 accent-brand-600"
                    />
                    <span aria-hidden>Distractor</span>
                  </label>
                )}
              </div>
            }
          />
        )}
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => setAnswers([...draft.answers, emptyAnswer(true)])}>
          <Plus aria-hidden className="size-4" />
          Add answer
        </Button>
        {draft.optionalAnswers && (
          <Button size="sm" onClick={() => setAnswers([...draft.answers, emptyAnswer(false)])}>
            <Plus aria-hidden className="size-4" />
            Add distractor
          </Button>
        )}
      </div>
    </section>
  );
}
