"use client";
// A whole-number cell of the area table that commits on Enter or when it loses focus, not on
// every keystroke (committing "5" on the way to "50" would be refused as too small). What was
// typed is read against the cell's rule (components/forms/number-text.ts): a value the area
// cannot take (a width past the image's edge, "abc") stays as typed and is reported at the row,
// never clamped into something else; the question is not saved while it is. Escape puts the
// stored value back.
import { useEffect, useState } from "react";
import type { Issue } from "@/server/errors";
import { useReportInvalidInput } from "../../forms/input-issues";
import { readNumber, type NumberRule } from "../../forms/number-text";
import { cn } from "../../ui/cn";

interface NumberCellProps {
  label: string;
  /** The issue path of the value (`question.properties.areas[0].width`), also its key. */
  path: string;
  value: number | null;
  rule: NumberRule;
  onCommit: (value: number | null) => void;
  /** Told the issue of the text typed, or null once it is valid (or put back). */
  onIssue: (path: string, issue: Issue | null) => void;
  /** The id of the row's messages, which name this cell's problem. */
  describedBy?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

const shown = (value: number | null) => (value === null ? "" : String(value));

export function NumberCell({
  label,
  path,
  value,
  rule,
  onCommit,
  onIssue,
  describedBy,
  placeholder,
  disabled,
  className,
}: NumberCellProps) {
  const [text, setText] = useState(shown(value));
  const [issue, setIssue] = useState<Issue | null>(null);
  useReportInvalidInput(path, issue !== null);
  useEffect(() => {
    onIssue(path, issue);
    return () => onIssue(path, null);
  }, [onIssue, path, issue]);
  // A change from elsewhere (the canvas, undo) shows the stored value and clears the problem:
  // adjusted while rendering, against the value of the render before.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(shown(value));
    setIssue(null);
  }

  function commit() {
    if (text === shown(value)) return setIssue(null);
    const read = readNumber(text, rule, path);
    if (!read.ok) return setIssue(read.issue);
    setIssue(null);
    const next = read.value ?? null;
    if (next !== value) onCommit(next);
  }

  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      aria-invalid={issue !== null || undefined}
      aria-describedby={issue ? describedBy : undefined}
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        // Once reported, the problem goes as soon as the text is right.
        if (issue) {
          const read = readNumber(e.target.value, rule, path);
          if (read.ok) setIssue(null);
        }
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        } else if (e.key === "Escape") {
          setText(shown(value));
          setIssue(null);
        }
      }}
      className={cn(
        "h-8 w-[4.5rem] rounded border border-slate-300 bg-white px-1.5 text-right text-sm tabular-nums aria-invalid:border-red-500 disabled:bg-slate-100 disabled:text-slate-400",
        className,
      )}
    />
  );
}
