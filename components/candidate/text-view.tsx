"use client";
// Type 7 as a candidate sees it: one line of text.
import { useId } from "react";
import { Input } from "../ui/field";

export function TextView({
  text,
  onChange,
  disabled,
}: {
  text: string;
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-600">
        Type your answer.
      </label>
      <Input
        id={id}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        autoComplete="off"
        className="max-w-xl"
      />
    </div>
  );
}
