"use client";
// Type 6 as a candidate sees it: put the answers in order. Without distractors every answer is in
// the sequence and only the order is chosen; with them, the candidate also leaves some out.
// Buttons move, add and remove, so it works with any pointer and with the keyboard alike.
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { Button } from "../ui/button";
import type { CandidateAnswer } from "./choice-view";

interface SortViewProps {
  answers: readonly CandidateAnswer[];
  /** Distractors allowed (optional_answers): answers can be left out of the sequence. */
  optional: boolean;
  /** The sequence so far (answer ids); null before the candidate touched it. */
  order: readonly number[] | null;
  onChange: (order: number[]) => void;
  disabled?: boolean;
}

const label = (i: number) => String.fromCharCode(65 + i);

export function SortView({ answers, optional, order, onChange, disabled }: SortViewProps) {
  // Without distractors the sequence starts as the answers in the order drawn.
  const sequence = order ?? (optional ? [] : answers.map((a) => a.id));
  const byId = new Map(answers.map((a, i) => [a.id, { ...a, letter: label(i) }]));
  const pool = answers.filter((a) => !sequence.includes(a.id));
  const move = (from: number, to: number) => {
    const next = [...sequence];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        {optional
          ? "Build the sequence from the answers that belong in it, in the right order; leave the others out."
          : "Put the answers in the right order."}
      </p>
      <ol className="flex flex-col gap-2" aria-label="Your sequence">
        {sequence.map((id, i) => {
          const a = byId.get(id)!;
          return (
            <li
              key={id}
              className="flex items-start gap-2 rounded-md border border-brand-100 bg-white p-2"
              data-testid="sequence-item"
            >
              <span className="mt-1 w-6 shrink-0 text-center text-sm font-semibold text-brand-700">{i + 1}</span>
              <span className="rich-text min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: a.answer }} />
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled || i === 0}
                onClick={() => move(i, i - 1)}
                aria-label={`Move ${a.letter} up`}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={disabled || i === sequence.length - 1}
                onClick={() => move(i, i + 1)}
                aria-label={`Move ${a.letter} down`}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
              {optional && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={disabled}
                  onClick={() => onChange(sequence.filter((s) => s !== id))}
                  aria-label={`Leave out ${a.letter}`}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </li>
          );
        })}
        {sequence.length === 0 && (
          <li className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-500">
            No answers in the sequence yet.
          </li>
        )}
      </ol>
      {optional && pool.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Answers not in the sequence">
          {pool.map((a) => {
            const letter = byId.get(a.id)!.letter;
            return (
              <li key={a.id} className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-2">
                <span className="rich-text min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: a.answer }} />
                <Button
                  size="sm"
                  disabled={disabled}
                  onClick={() => onChange([...sequence, a.id])}
                  aria-label={`Add ${letter} to the sequence`}
                >
                  <Plus aria-hidden className="size-4" /> Add
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
