"use client";
// A small whole-number field for the points of one answer or accepted value: a visible caption,
// a full accessible name ("Points for answer 2"), and its own messages underneath.
import { useId } from "react";
import { NumberInput } from "../forms/number-input";
import { FieldMessageList, type FieldMessages } from "../ui/field";

export interface PointsInputProps extends FieldMessages {
  /** The accessible name, e.g. "Points for answer 2". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  help?: string;
}

export function PointsInput({
  label,
  value,
  onChange,
  placeholder = "0",
  help,
  errors = [],
  warnings = [],
}: PointsInputProps) {
  const id = useId();
  const hasMessages = errors.length > 0 || warnings.length > 0;
  return (
    <div className="flex w-24 shrink-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span aria-hidden>Points</span>
        <span className="sr-only">{label}</span>
      </label>
      <NumberInput
        id={id}
        value={value}
        placeholder={placeholder}
        title={help}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={hasMessages ? `${id}-msg` : undefined}
        className="w-full"
      />
      <FieldMessageList id={`${id}-msg`} errors={errors} warnings={warnings} />
    </div>
  );
}
