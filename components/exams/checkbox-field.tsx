"use client";
// A labelled on/off setting with its help text and messages beside the box.
import { useId, type ReactNode } from "react";
import { FieldMessageList, type FieldMessages } from "../ui/field";

export interface CheckboxFieldProps extends FieldMessages {
  label: string;
  help?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ label, help, checked, onChange, errors = [], warnings = [] }: CheckboxFieldProps) {
  const id = useId();
  const described = [help ? `${id}-help` : null, errors.length || warnings.length ? `${id}-msg` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex gap-2.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
        aria-describedby={described || undefined}
        aria-invalid={errors.length > 0 || undefined}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {help && (
          <p id={`${id}-help`} className="text-xs text-slate-500">
            {help}
          </p>
        )}
        <FieldMessageList id={`${id}-msg`} errors={errors} warnings={warnings} />
      </div>
    </div>
  );
}
