"use client";
// A whole-number input that commits on Enter or when it loses focus, not on every keystroke:
// the actions clamp what they get (minimum size, inside the image), so committing "5" on the way
// to typing "50" would turn it into 30. Escape puts the stored value back.
import { useEffect, useState } from "react";
import { cn } from "../../ui/cn";

interface NumberCellProps {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  /** Empty means "none" (committed as null); otherwise an empty entry is undone. */
  allowEmpty?: boolean;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

const shown = (value: number | null) => (value === null ? "" : String(value));

export function NumberCell({ label, value, onCommit, allowEmpty = false, placeholder, disabled, className }: NumberCellProps) {
  const [text, setText] = useState(shown(value));
  useEffect(() => setText(shown(value)), [value]);

  function commit() {
    const trimmed = text.trim();
    if (trimmed === "" && allowEmpty) {
      if (value !== null) onCommit(null);
      return;
    }
    const n = Number(trimmed);
    if (trimmed === "" || !Number.isFinite(n)) {
      setText(shown(value));
      return;
    }
    const whole = Math.round(n);
    if (whole !== value) onCommit(whole);
    // The action may clamp the value to what it was; show what is stored either way.
    setText(shown(value));
  }

  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      aria-label={label}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        } else if (e.key === "Escape") {
          setText(shown(value));
        }
      }}
      className={cn(
        "h-8 w-[4.5rem] rounded border border-slate-300 bg-white px-1.5 text-right text-sm tabular-nums disabled:bg-slate-100 disabled:text-slate-400",
        className,
      )}
    />
  );
}
