"use client";
// Types 1 and 2 as a candidate sees them: the answers in the order drawn, one to choose (radio
// buttons) or several (check boxes). The HTML was cleaned by the HTML policy when stored.
import { useId } from "react";
import { cn } from "../ui/cn";

export interface CandidateAnswer {
  id: number;
  answer: string;
}

interface ChoiceViewProps {
  multiple: boolean;
  answers: readonly CandidateAnswer[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
  disabled?: boolean;
}

export function ChoiceView({ multiple, answers, chosen, onChange, disabled }: ChoiceViewProps) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm text-slate-600">
        {multiple ? "Choose all that apply." : "Choose one answer."}
      </legend>
      {answers.map((a, i) => {
        const on = chosen.includes(a.id);
        return (
          <label
            key={a.id}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-md border bg-white p-3 has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
              on ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300",
            )}
          >
            <input
              type={multiple ? "checkbox" : "radio"}
              name={name}
              checked={on}
              onChange={() => onChange(multiple ? (on ? chosen.filter((c) => c !== a.id) : [...chosen, a.id]) : [a.id])}
              className="mt-1 size-4 accent-brand-600"
              aria-label={`Answer ${String.fromCharCode(65 + i)}`}
            />
            <span className="w-6 shrink-0 font-medium text-slate-500">{String.fromCharCode(65 + i)}.</span>
            <span className="rich-text min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: a.answer }} />
          </label>
        );
      })}
    </fieldset>
  );
}
