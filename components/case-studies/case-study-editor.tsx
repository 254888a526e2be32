"use client";
// The case study editor (new and edit): name and description, checked while typing with the
// API's own schema, saved through exam.caseStudyCreate / exam.caseStudyUpdate. Errors land at
// their field; a failed save keeps everything typed; leaving with unsaved changes asks first.
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import { caseStudyCreateParams } from "@/server/schemas/case-study";
import { parseWith } from "@/server/schemas/zod-issues";
import { ConflictNotice } from "../conflicts/conflict-notice";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import { useVersioned, withVersion, type Versioned } from "../conflicts/use-versioned";
import { nothingToSave } from "../conflicts/unchanged";
import { callOperation } from "../lib/operations";
import { useSaveShortcut } from "../lib/use-save-shortcut";
import { failureText } from "../issues/failure-text";
import { ResourceBag } from "../rich-text/resource-bag";
import { RichTextField } from "../rich-text/rich-text-field";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/field";
import { DeleteCaseStudy } from "./delete-case-study";
import { NO_MESSAGES, placeIssues, type CaseStudyMessages } from "./form-issues";
import { useUnsavedChangesGuard } from "../exams/use-unsaved-changes-guard";
import { useRoleBlock } from "@/components/workspaces/role-context";

const LEAVE_MESSAGE = "You have unsaved changes to this case study. Leave this page and lose them?";

export interface CaseStudyEditorProps {
  examId: number;
  /** null for a new case study. */
  caseStudy: StoredCaseStudy | null;
  /** The stored case study's version (what a save sends as expected_version). */
  version?: number;
  /** Just created (the new-case-study page sent the author here): say it was saved. */
  created?: boolean;
}

interface StoredCaseStudy {
  id: number;
  name: string;
  description: string;
}

/** The case study as stored now, with its version; null when it is gone. */
async function readStored(id: number | null): Promise<Versioned<StoredCaseStudy> | null> {
  if (id === null) return null;
  const read = await callOperation("exam.caseStudyGet", { id });
  return read.ok ? { version: read.result.version, snapshot: read.result.case_study } : null;
}

interface Values {
  name: string;
  description: string;
}

/** An editor's empty document and an empty string are the same description. */
function sameDescription(a: string, b: string): boolean {
  const empty = (html: string) => html === "" || html === "<p></p>";
  return a === b || (empty(a) && empty(b));
}

export function CaseStudyEditor({ examId, caseStudy, version, created = false }: CaseStudyEditorProps) {
  const router = useRouter();
  const guard = useReadyExamGuard();
  const roleBlocked = useRoleBlock("write");
  const [id, setId] = useState(caseStudy?.id ?? null);
  const readCurrent = useCallback(() => readStored(id), [id]);
  const versions = useVersioned(
    "case_study",
    caseStudy && version !== undefined ? { version, snapshot: caseStudy } : null,
    readCurrent,
  );
  const [saved, setSaved] = useState<Values>({
    name: caseStudy?.name ?? "",
    description: caseStudy?.description ?? "",
  });
  const [values, setValues] = useState<Values>(saved);
  const [bag, setBag] = useState(() => new ResourceBag());
  const [server, setServer] = useState<CaseStudyMessages>(NO_MESSAGES);
  const [warnings, setWarnings] = useState<CaseStudyMessages>(NO_MESSAGES);
  // The name's own errors show once it has been edited or a save was tried (not on a mere blur:
  // a message appearing under the field would move the Save button away from the pointer).
  const [showLocal, setShowLocal] = useState({ name: false });
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState(created ? "Case study created." : "");
  const [leaving, setLeaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useSaveShortcut(saveButton);

  const dirty = values.name !== saved.name || !sameDescription(values.description, saved.description);
  useUnsavedChangesGuard(dirty && !leaving, LEAVE_MESSAGE);

  // The API's schema, run in the browser: the same messages as a save would return.
  const local = useMemo(() => {
    const parsed = parseWith(caseStudyCreateParams, {
      case_study: { exam_id: examId, name: values.name, description: values.description },
    });
    return parsed.ok ? NO_MESSAGES : placeIssues(parsed.issues);
  }, [examId, values]);

  const nameErrors = [...(showLocal.name ? local.name : []), ...server.name];
  const descriptionErrors = [...local.description, ...server.description];

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === "name") setShowLocal({ name: true });
    setServer((s) => ({ ...s, [key]: [] }));
    setWarnings((w) => ({ ...w, [key]: [] }));
    setStatus("");
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  /** Saves what was typed; `overwrite` is the version a knowing overwrite of someone else's save replaces. */
  async function submit(overwrite?: number) {
    setShowLocal({ name: true });
    if (local.name.length > 0 || local.description.length > 0 || local.form.length > 0) {
      if (local.name.length > 0) nameInput.current?.focus();
      setStatus("Not saved: fix the problems shown.");
      return;
    }
    // A save that stores something takes a ready exam back to draft: the author is asked first.
    if ((id === null || dirty) && !(await guard.confirm(id === null ? "newCaseStudy" : "saveCaseStudy"))) return;
    setSaving(true);
    setStatus("");
    const { fields, resources } = bag.withResources({ description: values.description });
    const caseStudyParams = { name: values.name, description: fields.description };
    const outcome =
      id === null
        ? await callOperation("exam.caseStudyCreate", {
            case_study: { exam_id: examId, ...caseStudyParams },
            resources,
          })
        : await callOperation("exam.caseStudyUpdate", {
            case_study: { id, ...caseStudyParams },
            resources,
            ...withVersion(overwrite ?? versions.base?.version),
          });
    setSaving(false);
    if (!outcome.ok && (await versions.handleFailure(outcome))) {
      setStatus("Not saved: someone else saved this case study after you opened it.");
      return;
    }
    if (!outcome.ok) {
      // Everything typed stays as it was; the problems show where they belong.
      const placed = placeIssues(outcome.issues);
      if (outcome.issues.length === 0) placed.form.push(failureText(outcome));
      setServer(placed);
      setWarnings(placeIssues(outcome.warnings));
      setStatus("Not saved: fix the problems shown.");
      if (placed.name.length > 0) nameInput.current?.focus();
      return;
    }
    const stored = outcome.result.case_study;
    const { unchanged, warnings: saveWarnings } = versions.saved(
      { version: outcome.result.version, snapshot: stored },
      outcome.warnings,
    );
    const next = { name: stored.name, description: stored.description };
    setSaved(next);
    setValues(next);
    setBag(new ResourceBag());
    setServer(NO_MESSAGES);
    setWarnings(placeIssues(saveWarnings));
    setStatus(unchanged ? nothingToSave("case study") : saveWarnings.length > 0 ? "Saved, with warnings." : "Saved.");
    if (id === null) {
      // The edit page takes over (its URL survives a reload).
      setId(stored.id);
      router.replace(`/exams/${examId}/case-studies/${stored.id}?created=1`);
    } else if (!unchanged) {
      router.refresh();
    }
  }

  /** After a conflict: the form takes the other person's version; what was typed is dropped. */
  async function takeTheirs() {
    const current = versions.conflict?.current ?? (await readStored(id));
    if (!current?.snapshot) return router.refresh();
    const next = { name: current.snapshot.name, description: current.snapshot.description };
    setSaved(next);
    setValues(next);
    setBag(new ResourceBag());
    setServer(NO_MESSAGES);
    setWarnings(NO_MESSAGES);
    versions.setBase(current);
    versions.clearConflict();
    setStatus("");
  }

  return (
    <div className="flex flex-col gap-6">
      {versions.conflict && (
        <ConflictNotice
          conflict={versions.conflict.conflict}
          changes={versions.conflict.changes}
          noun="case study"
          busy={saving}
          onReload={() => void takeTheirs()}
          onOverwrite={() => void submit(versions.conflict!.conflict.version)}
        />
      )}
      <form
        onSubmit={save}
        noValidate
        className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
        aria-label={id === null ? "New case study" : "Edit case study"}
      >
        {server.form.length > 0 && (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <ul>
              {server.form.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        <Field
          label="Name"
          help="Shown to candidates above the case study, at most 200 characters."
          errors={nameErrors}
          warnings={warnings.name}
        >
          {(a) => (
            <Input
              {...a}
              ref={nameInput}
              value={values.name}
              onChange={(e) => change("name", e.target.value)}
              className="max-w-xl"
              autoFocus={id === null}
            />
          )}
        </Field>
        <RichTextField
          label="Description"
          help="The scenario candidates read beside each question that uses this case study. Images, audio, links and YouTube videos are allowed."
          value={values.description}
          onChange={(html) => change("description", html)}
          allowLinks
          resources={bag}
          errors={descriptionErrors}
          warnings={warnings.description}
        />
        {warnings.form.length > 0 && (
          <ul className="text-sm text-amber-800">
            {warnings.form.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
        <div className="flex items-center gap-3 border-t border-slate-200 pt-4">
          <Button
            ref={saveButton}
            type="submit"
            variant="primary"
            disabled={saving || roleBlocked !== null}
            title={roleBlocked ?? undefined}
          >
            {saving ? "Saving…" : id === null ? "Create case study" : "Save changes"}
          </Button>
          <p role="status" className="text-sm text-slate-600" data-testid="case-study-status">
            {status || (dirty ? "Unsaved changes" : "")}
          </p>
        </div>
      </form>
      {id !== null && (
        <DeleteCaseStudy
          examId={examId}
          caseStudyId={id}
          name={saved.name}
          onDeleted={() => {
            setLeaving(true);
            router.push(`/exams/${examId}?tab=case-studies`);
          }}
        />
      )}
    </div>
  );
}
