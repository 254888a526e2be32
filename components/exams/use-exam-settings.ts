"use client";
// The settings form's state and its save: the values typed, the exam as last loaded, the
// browser-side check, and the examUpdate call whose errors and warnings go back to the fields.
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { useVersioned, withVersion, type Versioned } from "@/components/conflicts/use-versioned";
import { saveResultOf } from "@/components/conflicts/unchanged";
import { callOperation } from "@/components/lib/operations";
import { ResourceBag } from "@/components/rich-text/resource-bag";
import type { ExamWithDomains } from "@/server/data/domains";
import type { Issue } from "@/server/errors";
import {
  changedFields,
  checkExamForm,
  FORM_FIELDS,
  rebaseValues,
  valuesFromExam,
  type ExamFormValues,
} from "./exam-form-model";
import { placeDomainIssues } from "./blueprint-issues";
import { placeIssues } from "./issues";
import { useReadyExamGuard } from "./ready-exam-guard";

/** The answer of the last save, and the values it concerned (a message goes once its field is edited). */
interface SaveAnswer {
  ok: boolean;
  /** The save stored nothing: the exam already was as sent (its version stays). */
  unchanged: boolean;
  errors: Issue[];
  warnings: Issue[];
  message: string | null;
  at: ExamFormValues;
}

/** The exam as stored now (with its blueprint), with its version; null when it is gone. */
export async function readExam(id: number): Promise<Versioned<ExamWithDomains> | null> {
  const read = await callOperation("exam.examGet", { id });
  return read.ok ? { version: read.result.version, snapshot: read.result.exam } : null;
}

/** `version`: the version of `exam`, which a save sends as expected_version. */
export function useExamSettings(exam: ExamWithDomains, version: number) {
  const router = useRouter();
  const readCurrent = useCallback(() => readExam(exam.id), [exam.id]);
  const versions = useVersioned("exam", { version, snapshot: exam }, readCurrent);
  const guard = useReadyExamGuard();
  const [stored, setStored] = useState(exam);
  const [values, setValues] = useState(() => valuesFromExam(exam));
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<SaveAnswer | null>(null);
  const [resources] = useState(() => new ResourceBag());
  const base = useMemo(() => valuesFromExam(stored), [stored]);

  // A newer exam from the server (after router.refresh: questions added, status changed):
  // untouched fields follow it, edited ones stay as typed. Adjusted during render, React's way.
  if (exam.updated_at > stored.updated_at) {
    setStored(exam);
    setValues((v) => rebaseValues(v, base, valuesFromExam(exam)));
  }

  const check = useMemo(() => checkExamForm(stored, values, base), [stored, values, base]);
  const dirty = changedFields(values, base).length > 0;

  const update = (change: Partial<ExamFormValues>) => setValues((v) => ({ ...v, ...change }));

  /** Saves the changed fields; `overwrite` is the version a knowing overwrite of someone else's save replaces. */
  async function save(overwrite?: number): Promise<boolean> {
    if (check.errors.length > 0 || !dirty) return false;
    // The save takes a ready exam back to draft: the author is asked first.
    if (!(await guard.confirm("saveSettings"))) return false;
    let request = check.request;
    let files: Record<string, string> = {};
    if (typeof request.description === "string") {
      const withFiles = resources.withResources({ description: request.description });
      request = { ...request, description: withFiles.fields.description };
      files = withFiles.resources;
    }
    const sent = values;
    setSaving(true);
    const outcome = await callOperation("exam.examUpdate", {
      exam: { id: stored.id, ...request },
      ...(Object.keys(files).length ? { resources: files } : {}),
      ...withVersion(overwrite ?? versions.base?.version),
    });
    setSaving(false);
    if (!outcome.ok && (await versions.handleFailure(outcome))) {
      setAnswer({
        ok: false,
        unchanged: false,
        errors: [],
        warnings: [],
        message: "Nothing was saved: someone else saved this exam after you opened it.",
        at: sent,
      });
      return false;
    }
    if (!outcome.ok) {
      // Everything typed stays; the errors go to their fields.
      setAnswer({
        ok: false,
        unchanged: false,
        errors: outcome.issues,
        warnings: outcome.warnings,
        message: outcome.issues.length ? null : outcome.message,
        at: sent,
      });
      return false;
    }
    // examUpdate answers the exam without its blueprint (contract 15.1): a save that sent one reads
    // it back, with the ids of the domains it added; otherwise it is as loaded.
    const domains =
      request.domains === undefined || saveResultOf(outcome.warnings).unchanged
        ? stored.domains
        : ((await readExam(stored.id))?.snapshot?.domains ?? stored.domains);
    const savedExam: ExamWithDomains = { ...outcome.result.exam, domains };
    const { unchanged, warnings } = versions.saved(
      { version: outcome.result.version, snapshot: savedExam },
      outcome.warnings,
    );
    const saved = valuesFromExam(savedExam);
    // Fields edited while the save was under way keep what was typed since.
    const next = rebaseValues(values, sent, saved);
    setStored(savedExam);
    setValues(next);
    setAnswer({ ok: true, unchanged, errors: [], warnings, message: null, at: next });
    // The page shows the exam as stored; a save that stored nothing changed nothing there.
    if (!unchanged) router.refresh();
    return true;
  }

  /** Messages per field: the browser's check, plus the last save's while the field is as it was. */
  const messages = useMemo(() => {
    const live = placeIssues(check.errors, FORM_FIELDS);
    const liveWarnings = placeIssues(check.warnings, FORM_FIELDS);
    const still = (field: string) =>
      answer !== null && values[field as keyof ExamFormValues] === answer.at[field as keyof ExamFormValues];
    const saved = placeIssues(answer?.errors ?? [], FORM_FIELDS);
    const savedWarnings = placeIssues(answer?.warnings ?? [], FORM_FIELDS);
    const merge = (a: Record<string, string[]>, b: Record<string, string[]>) => {
      const out: Record<string, string[]> = { ...a };
      for (const [field, list] of Object.entries(b))
        if (still(field)) out[field] = [...new Set([...(out[field] ?? []), ...list])];
      return out;
    };
    // The blueprint's, by row and field (blueprint-issues.ts); the last save's while the rows are as sent.
    const savedRows = still("domains");
    const blueprint = {
      errors: placeDomainIssues([...check.errors, ...(savedRows ? (answer?.errors ?? []) : [])]),
      warnings: placeDomainIssues([...check.warnings, ...(savedRows ? (answer?.warnings ?? []) : [])]),
    };
    return {
      blueprint,
      errors: merge(live.byField, saved.byField),
      warnings: merge(liveWarnings.byField, savedWarnings.byField),
      /** Problems that name no field (shown beside the Save button). */
      other: [...live.other, ...(answer?.message ? [answer.message] : []), ...saved.other],
      otherWarnings: [...liveWarnings.other, ...savedWarnings.other],
    };
  }, [check, answer, values]);

  /** After a conflict: the form takes the other person's version; what was typed is dropped. */
  async function takeTheirs() {
    const current = versions.conflict?.current ?? (await readCurrent());
    if (!current?.snapshot) return router.refresh();
    setStored(current.snapshot);
    setValues(valuesFromExam(current.snapshot));
    setAnswer(null);
    versions.setBase(current);
    versions.clearConflict();
    router.refresh();
  }

  const conflict = versions.conflict && {
    ...versions.conflict,
    reload: () => void takeTheirs(),
    overwrite: () => void save(versions.conflict!.conflict.version),
  };

  return {
    conflict,
    stored,
    base,
    values,
    update,
    discard: () => setValues(base),
    dirty,
    saving,
    save: () => save(),
    check,
    messages,
    resources,
    lastSave: answer,
  };
}
