"use client";
// A set of mutually exclusive options, each with a line saying what it means (exam type,
// evaluation method). Native radios in a fieldset: arrow keys move between them.
import { useId, type ReactNode } from "react";
import { cn } from "../ui/cn";
import { FieldMessageList, type FieldMessages } from "../ui/field";

export interface Choice<V extends number> {
  value: V;
  label: string;
  help: string;
}

export interface ChoiceCardsProps<V extends number> extends FieldMessages {
  legend: string;
  help?: ReactNode;
  name: string;
  value: V;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  columns?: 2 | 3 | 4;
}

export function ChoiceCards<V extends number>({
  legend,
  help,
  name,
  value,
  options,
  onChange,
  columns = 2,
  errors = [],
  warnings = [],
}: ChoiceCardsProps<V>) {
  const id = useId();
  const described = [help ? `${id}-help` : null, errors.length || warnings.length ? `${id}-msg` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={described || undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {/* One card a line on a phone; the columns asked for from the sm breakpoint on. */}
      <div
        className={cn(
          "grid gap-2",
          columns === 2 && "sm:grid-cols-2",
          columns === 3 && "sm:grid-cols-3",
          columns === 4 && "sm:grid-cols-2 lg:grid-cols-4",
        )}
      >
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              "flex cursor-pointer gap-2.5 rounded-md border bg-white p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              o.value === value ? "border-brand-600 bg-brand-50" : "border-slate-300 hover:border-slate-400",
            )}
          >
            <input
              type="radio"
              name={`${id}-${name}`}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
              aria-labelledby={`${id}-${o.value}-label`}
              aria-describedby={`${id}-${o.value}-help`}
            />
            <span className="flex flex-col gap-0.5">
              <span id={`${id}-${o.value}-label`} className="font-medium text-slate-900">
                {o.label}
              </span>
              <span id={`${id}-${o.value}-help`} className="text-xs text-slate-600">
                {o.help}
              </span>
            </span>
          </label>
        ))}
      </div>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      )}
      <FieldMessageList id={`${id}-msg`} errors={errors} warnings={warnings} />
    </fieldset>
  );
}
