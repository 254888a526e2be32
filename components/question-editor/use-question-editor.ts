"use client";
// The editor's state: the draft, whether it differs from what is stored, the live check (run a
// moment after the author stops typing), the issues of the last save, and the save itself.
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useVersioned, withVersion, type Versioned } from "../conflicts/use-versioned";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import { useInputIssues } from "../forms/input-issues";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import { ResourceBag } from "../rich-text/resource-bag";
import {
  draftFromStored,
  mediaFieldsOf,
  paramsFromDraft,
  withMediaFields,
  type QuestionDraft,
  type StoredQuestion,
} from "./draft";
import { draftNumberIssues, withoutPaths } from "./number-fields";
import { placeIssues } from "./issue-map";
import { stillCurrent, type SentIssues } from "./server-issues";
import { similarQuestionsOf } from "./similar-questions";
import { unique, validateParams, type Validation, type ValidationLimits } from "./validate";

const CHECK_DELAY_MS = 250;

/** The ids of an image question's areas in params order, to name and place area issues. */
function areaIdsOf(draft: QuestionDraft): string[] {
  return (draft.areaProperties.areas ?? []).map((a) => a.id);
}

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  /** The save stored nothing: the question already was as sent (the version stays). */
  | { kind: "unchanged" }
  /** `message` says why nothing was saved; the issues are at their fields. */
  | { kind: "failed"; message: string; details: string[] }
  /** Someone else saved the question first; the conflict notice says who and what. */
  | { kind: "conflict" };

/** The question as stored now, with its version; null when it is gone. */
async function readStored(id: number | null): Promise<Versioned<StoredQuestion> | null> {
  if (id === null) return null;
  const read = await callOperation("exam.questionGet", { id });
  return read.ok ? { version: read.result.version, snapshot: read.result as StoredQuestion } : null;
}

/** `stored`: the question the editor opened with and its version (null for a new question). */
export function useQuestionEditor(
  initial: QuestionDraft,
  limits: ValidationLimits,
  stored: Versioned<StoredQuestion> | null = null,
) {
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
  useLayoutEffect(() => {
    latest.current = draft;
  });
  const readCurrent = useCallback(() => readStored(latest.current.id), []);
  const versions = useVersioned("question", stored, readCurrent);
  const guard = useReadyExamGuard();

  const params = useMemo(() => paramsFromDraft(draft), [draft]);
  const dirty = JSON.stringify(params) !== baseline;
  // Checked as it will be sent: inserted files under their resource names, not blob: URLs.
  const check = useCallback(
    () => validateParams(withMediaFields(params, bag.withResources(mediaFieldsOf(params)).fields), limits, areaImage),
    [params, limits, bag, areaImage],
  );

  useEffect(() => {
    const timer = setTimeout(() => setLive(check()), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check]);

  /** Changes the draft; every edit of the form goes through here. */
  const update = useCallback((change: (d: QuestionDraft) => QuestionDraft) => {
    setDraft((d) => change(d));
    setTouched(true);
    setSaveState((s) => (s.kind === "saved" || s.kind === "unchanged" ? { kind: "idle" } : s));
  }, []);

  // Number fields are read as typed; while one is wrong it has its own message, and the schema's
  // (about the text it would have sent) is left out.
  const numberIssues = useMemo(() => draftNumberIssues(draft), [draft]);
  // Inputs that hold what they were typed with until it is valid (the area table's cells).
  const inputIssues = useInputIssues();
  const fromServer = stillCurrent(sent, params);
  // The similar questions a save named are shown with links of their own (similar-questions.tsx),
  // for as long as the question text is the one saved.
  const similar = similarQuestionsOf(fromServer.warnings);
  const shown: Validation = {
    errors: unique([...numberIssues, ...withoutPaths(touched ? live.errors : [], numberIssues), ...fromServer.errors]),
    warnings: unique([...(touched ? live.warnings : []), ...fromServer.warnings.filter((w) => !similar.includes(w))]),
  };
  const areaIds = areaIdsOf(draft);
  const messages = placeIssues(shown, draft.type, {
    answers: draft.answers.length,
    textAnswers: draft.textAnswers.length,
    areaIds,
  });

  /** Saves the draft; `overwrite` is the version a knowing overwrite of someone else's save replaces. */
  const save = useCallback(
    async (overwrite?: number) => {
      if (saving.current) return;
      setTouched(true);
      if (numberIssues.length > 0 || inputIssues.count > 0) {
        // Nothing is sent while a field holds what it does not take: it would be sent as something else.
        setSaveState({
          kind: "failed",
          message: "Nothing was saved: fix the values marked below and save again.",
          details: [],
        });
        return;
      }
      const creating = draft.id === null;
      saving.current = true;
      // A save that would store something takes a ready exam back to draft: the author is asked
      // first. One the check already refuses changes nothing, so it goes on to show why.
      if ((creating || dirty) && check().errors.length === 0) {
        const go = await guard.confirm(creating ? "newQuestion" : "saveQuestion");
        if (!go) {
          saving.current = false;
          return;
        }
      }
      setSaveState({ kind: "saving" });
      // Inserted files travel as `resources`, under the names the HTML now uses instead of blob: URLs.
      const { fields, resources } = bag.withResources(mediaFieldsOf(params));
      const expected = overwrite ?? versions.base?.version;
      const payload = {
        ...withMediaFields(params, fields),
        ...(Object.keys(resources).length > 0 ? { resources } : {}),
        ...(creating ? {} : withVersion(expected)),
      };
      const outcome = await callOperation(creating ? "exam.questionCreate" : "exam.questionUpdate", payload);
      saving.current = false;

      if (!outcome.ok && (await versions.handleFailure(outcome))) {
        // Someone else saved first: the form stays as typed, and the notice says what they changed.
        setSaveState({ kind: "conflict" });
        return;
      }
      if (!outcome.ok) {
        // The form stays exactly as typed; the issues go to their fields.
        setSent({ sent: params, issues: { errors: outcome.issues, warnings: outcome.warnings } });
        const placed = outcome.issues.length > 0;
        setSaveState({
          kind: "failed",
          message: placed
            ? "Nothing was saved: fix the problems marked below and save again."
            : `Nothing was saved. ${failureText(outcome)}`,
          details: [],
        });
        return;
      }

      const saved = outcome.result.question;
      const version = outcome.result.version;
      const url = `/exams/${saved.exam_id}/questions/${saved.id}`;
      // Whatever was typed while the save ran is kept: the form then stays as it is (still unsaved).
      const typedMeanwhile = () => latest.current !== draft;
      // A new question that is like others stays in this editor, which names them (below).
      if (creating && !typedMeanwhile() && similarQuestionsOf(outcome.warnings).length === 0) {
        // The page at the question's address opens it afresh, with its version.
        setBaseline(JSON.stringify(params)); // so the unsaved-changes guard lets the page go
        setSaveState({ kind: "saved" });
        router.replace(url);
        return;
      }
      // What is stored now (cleaned HTML, /media/… paths, trimmed values), read back in full: the
      // base of the next save, and what the form shows unless the author typed meanwhile.
      const reread = await readStored(saved.id);
      const { unchanged, warnings } = versions.saved(
        { version, snapshot: reread?.version === version ? reread.snapshot : null },
        outcome.warnings,
      );
      if (creating) {
        // The form goes on as the editor of the stored question, at its address.
        setDraft((d) => ({ ...d, id: saved.id }));
        setBaseline(JSON.stringify(paramsFromDraft({ ...draft, id: saved.id })));
        setSent({
          sent: paramsFromDraft({ ...draft, id: saved.id }),
          issues: { errors: [], warnings },
        });
        setSaveState({ kind: "saved" });
        window.history.replaceState(null, "", url);
        return;
      }
      if (reread && !typedMeanwhile()) {
        const next = draftFromStored(reread.snapshot!);
        const nextParams = paramsFromDraft(next);
        setDraft(next);
        setBaseline(JSON.stringify(nextParams));
        setSent({ sent: nextParams, issues: { errors: [], warnings } });
      } else {
        setBaseline(JSON.stringify(params));
        setSent({ sent: params, issues: { errors: [], warnings } });
      }
      setSaveState({ kind: unchanged ? "unchanged" : "saved" });
    },
    [bag, draft, params, router, numberIssues, inputIssues.count, versions, dirty, check, guard],
  );

  /** After a conflict: the form takes the other person's version, and what was typed is dropped. */
  const takeTheirs = useCallback(async () => {
    const current = versions.conflict?.current ?? (await readStored(latest.current.id));
    if (!current?.snapshot) {
      // Deleted meanwhile: the page says so.
      router.refresh();
      return;
    }
    const next = draftFromStored(current.snapshot);
    setDraft(next);
    setBaseline(JSON.stringify(paramsFromDraft(next)));
    setSent(null);
    versions.setBase(current);
    versions.clearConflict();
    setSaveState({ kind: "idle" });
  }, [router, versions]);

  const conflict = versions.conflict && {
    ...versions.conflict,
    reload: () => void takeTheirs(),
    overwrite: () => void save(versions.conflict!.conflict.version),
  };

  return {
    draft,
    update,
    dirty,
    messages,
    similar,
    saveState,
    save: () => save(),
    bag,
    setAreaImage,
    inputIssues,
    conflict,
  };
}
