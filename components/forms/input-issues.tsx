"use client";
// Inputs that keep what the author typed until it is valid, and commit only then (the area
// table's cells), tell the form they are holding invalid text, so the form does not save the
// old value as if it were what the author asked for.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";

type Report = (key: string, invalid: boolean) => void;

const InputIssuesContext = createContext<Report>(() => {});

export const InputIssuesProvider = InputIssuesContext.Provider;

/** The form's side: how many inputs hold invalid text, and the report function to provide. */
export function useInputIssues(): { count: number; report: Report } {
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((key, isInvalid) => {
    setInvalid((current) => {
      if (current.has(key) === isInvalid) return current;
      const next = new Set(current);
      if (isInvalid) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return useMemo(() => ({ count: invalid.size, report }), [invalid, report]);
}

/** The input's side: says while (and only while) it holds invalid text. */
export function useReportInvalidInput(key: string, invalid: boolean): void {
  const report = useContext(InputIssuesContext);
  useEffect(() => {
    report(key, invalid);
    return () => report(key, false);
  }, [report, key, invalid]);
}
