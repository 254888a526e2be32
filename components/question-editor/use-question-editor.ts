"use client";
// The editor's state: the draft, whether it differs from what is stored, the live check (run a
// moment after the author stops typing), the issues of the last save, and the save itself.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useInputIssues } from "../forms/input-issues";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import { ResourceBag } from "../rich-text/resource-bag";
import { draftFromStored, mediaFieldsOf, paramsFromDraft, withMediaFields, type QuestionDraft, type StoredQuestion } from "./draft";
import { draftNumberIssues, withoutPaths } from "./number-fields";
import { placeIssues } from "./issue-map";
import { stillCurrent, type SentIssues } from "./server-issues";
import { unique, validateParams, type Validation, type ValidationLimits } from "./validate";

const CHECK_DELAY_MS = 250;

/** The ids of an image question's areas in params order, to name and place area issues. */
function areaIdsOf(draft: QuestionDraft): string[] {
  const areas = draft.areaProperties.areas;
  return Array.isArray(areas) ? areas.map((a) => String((a as { id?: unknown }).id ?? "")) : [];
}

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  /** `message` says why nothing was saved; the issues are at their fields. */
  | { kind: "failed"; message: string; details: string[] };

export function useQuestionEditor(initial: QuestionDraft, limits: ValidationLimits) {
  const router = useRouter();
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(() => JSON.stringify(paramsFromDraft(initial)));
  const [live, setLive] = useState<Validation>(() => validateParams(paramsFromDraft(initial), limits));
  const [touched, setTouched] = useState(initial.id !== null);
  const [sent, setSent] = useState<SentIssues | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  const [bag] = useState(() => new ResourceBag());
  // Types 3-5: the base image's pixel size once the area editor has read it (for the live check).
  const [areaImage, setAreaImage] = useState<{ width: number; height: number } | null>(null);
  const saving = useRef(false);
  // The draft of the latest render, to tell whether the author typed while a save was running.
  const latest = useRef(initial);
  latest.current = draft;

  const params = useMemo(() => paramsFromDraft(draft), [draft]);
  const dirty = JSON.stringify(params) !== baseline;

  useEffect(() => {
    // Checked as it will be sent: inserted files under their resource names, not blob: URLs.
    const check = () => validateParams(withMediaFields(params, bag.withResources(mediaFieldsOf(params)).fields), limits, areaImage);
    const timer = setTimeout(() => setLive(check()), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [params, limits, bag, areaImage]);

  /** Changes the draft; every edit of the form goes through here. */
  const update = useCallback((change: (d: QuestionDraft) => QuestionDraft) => {
    setDraft((d) => change(d));
    setTouched(true);
    setSaveState((s) => (s.kind === "saved" ? { kind: "idle" } : s));
  }, []);

  // Number fields are read as typed; while one is wrong it has its own message, and the schema's
  // (about the text it would have sent) is left out.
  const numberIssues = useMemo(() => draftNumberIssues(draft), [draft]);
  // Inputs that hold what they were typed with until it is valid (the area table's cells).
  const inputIssues = useInputIssues();
  const fromServer = stillCurrent(sent, params);
  const shown: Validation = {
    errors: unique([...numberIssues, ...withoutPaths(touched ? live.errors : [], numberIssues), ...fromServer.errors]),
    warnings: unique([...(touched ? live.warnings : []), ...fromServer.warnings]),
  };
  const areaIds = areaIdsOf(draft);
  const messages = placeIssues(shown, draft.type, { answers: draft.answers.length, textAnswers: draft.textAnswers.length, areaIds });

  const save = useCallback(async () => {
    if (saving.current) return;
    setTouched(true);
    if (numberIssues.length > 0 || inputIssues.count > 0) {
      // Nothing is sent while a field holds what it does not take: it would be sent as something else.
      setSaveState({ kind: "failed", message: "Nothing was saved: fix the values marked below and save again.", details: [] });
      return;
    }
    saving.current = true;
    setSaveState({ kind: "saving" });
    // Inserted files travel as `resources`, under the names the HTML now uses instead of blob: URLs.
    const { fields, resources } = bag.withResources(mediaFieldsOf(params));
    const payload = { ...withMediaFields(params, fields), ...(Object.keys(resources).length > 0 ? { resources } : {}) };
    const creating = draft.id === null;
    const outcome = await callOperation(creating ? "exam.questionCreate" : "exam.questionUpdate", payload);
    saving.current = false;

    if (!outcome.ok) {
      // The form stays exactly as typed; the issues go to their fields.
      setSent({ sent: params, issues: { errors: outcome.issues, warnings: outcome.warnings } });
      const placed = outcome.issues.length > 0;
      setSaveState({
        kind: "failed",
        message: placed ? "Nothing was saved: fix the problems marked below and save again." : `Nothing was saved. ${failureText(outcome)}`,
        details: [],
      });
      return;
    }

    const saved = outcome.result.question;
    const url = `/exams/${saved.exam_id}/questions/${saved.id}`;
    // Whatever was typed while the save ran is kept: the form then stays as it is (still unsaved).
    const typedMeanwhile = () => latest.current !== draft;
    if (creating && !typedMeanwhile()) {
      setBaseline(JSON.stringify(params)); // so the unsaved-changes guard lets the page go
      setSaveState({ kind: "saved" });
      router.replace(url);
      return;
    }
    if (creating) {
      // The form goes on as the editor of the stored question, at its address.
      setDraft((d) => ({ ...d, id: saved.id }));
      setBaseline(JSON.stringify(paramsFromDraft({ ...draft, id: saved.id })));
      setSent({ sent: paramsFromDraft({ ...draft, id: saved.id }), issues: { errors: [], warnings: outcome.warnings } });
      setSaveState({ kind: "saved" });
      window.history.replaceState(null, "", url);
      return;
    }
    // Show what is stored now (cleaned HTML, /media/… paths, trimmed values), read back in full.
    const reread = typedMeanwhile() ? null : await callOperation("exam.questionGet", { id: saved.id });
    if (reread?.ok && !typedMeanwhile()) {
      const next = draftFromStored(reread.result as StoredQuestion);
      const nextParams = paramsFromDraft(next);
      setDraft(next);
      setBaseline(JSON.stringify(nextParams));
      setSent({ sent: nextParams, issues: { errors: [], warnings: outcome.warnings } });
    } else {
      setBaseline(JSON.stringify(params));
      setSent({ sent: params, issues: { errors: [], warnings: outcome.warnings } });
    }
    setSaveState({ kind: "saved" });
  }, [bag, draft, params, router, numberIssues, inputIssues.count]);

  return { draft, update, dirty, messages, saveState, save, bag, setAreaImage, inputIssues };
}
