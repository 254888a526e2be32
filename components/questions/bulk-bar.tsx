"use client";
// The selected questions' actions on the exam page (contract 15.2 point 4): set a domain, add or
// remove tags, copy or move to another exam, delete. Each opens one dialog that says what will
// happen to how many questions and asks once; the work itself is bulk-actions.ts.
import { useEffect, useState, type ReactNode } from "react";
import type { DomainView } from "@/server/data/domains";
import { ReadyExamWarning, useReadyExamGuard } from "../exams/ready-exam-guard";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input, Select } from "../ui/field";
import {
  addTags,
  copyTo,
  deleteEach,
  moveTo,
  parseTags,
  removeTags,
  setDomain,
  type BulkOutcome,
  type Selected,
} from "./bulk-actions";

export type BulkKind = "domain" | "addTags" | "removeTags" | "copy" | "move" | "delete";

const KINDS: { kind: BulkKind; label: string }[] = [
  { kind: "domain", label: "Set domain" },
  { kind: "addTags", label: "Add tags" },
  { kind: "removeTags", label: "Remove tags" },
  { kind: "copy", label: "Copy to exam" },
  { kind: "move", label: "Move to exam" },
  { kind: "delete", label: "Delete" },
];

/** The past tense of each action, for the status line. */
const DONE: Record<BulkKind, string> = {
  domain: "given the domain",
  addTags: "tagged",
  removeTags: "untagged",
  copy: "copied",
  move: "moved",
  delete: "deleted",
};

const questions = (n: number) => (n === 1 ? "1 question" : `${n} questions`);

interface OtherExam {
  id: number;
  title: string;
  code: string;
  domains: { id: number; code: string }[];
}

export interface BulkBarProps {
  examId: number;
  selected: readonly Selected[];
  domains: readonly DomainView[];
  /** This exam's case studies (a move matches them by name in the other exam). */
  caseStudies: readonly { id: number; name: string }[];
  onClear: () => void;
  /** The status line (progress and what was done) and the error of the list. */
  setStatus: (text: string) => void;
  setError: (text: string | null) => void;
  /** After the work: the page reads the exam again. */
  onDone: (kind: BulkKind) => void;
}

export function BulkBar({
  examId,
  selected,
  domains,
  caseStudies,
  onClear,
  setStatus,
  setError,
  onDone,
}: BulkBarProps) {
  const [open, setOpen] = useState<BulkKind | null>(null);
  const [working, setWorking] = useState(false);
  const guard = useReadyExamGuard();
  const n = selected.length;

  async function run(kind: BulkKind, work: (progress: (k: number) => void) => Promise<BulkOutcome>, where = "") {
    setOpen(null);
    setWorking(true);
    setError(null);
    // Every action but a copy changes this exam: a ready one goes back to draft (the dialog said so).
    if (kind !== "copy") guard.proceed();
    const outcome = await work((k) => setStatus(`Working: ${k} of ${n}…`));
    setWorking(false);
    const verb = DONE[kind];
    setStatus(outcome.done > 0 ? `${questions(outcome.done)} ${verb}${where}.` : "");
    if (outcome.failures.length > 0) {
      const failed = kind === "copy" ? "" : `${questions(outcome.failures.length)} of ${n} not ${verb}. `;
      setError(`${failed}${outcome.failures.join(" ")}`);
    } else onClear();
    onDone(kind);
  }

  return (
    <div
      role="region"
      aria-label="Selected questions"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2"
      data-testid="bulk-bar"
    >
      <p className="mr-1 text-sm font-medium text-slate-800" aria-live="polite">
        {questions(n)} selected
      </p>
      {KINDS.map(({ kind, label }) => (
        <Button
          key={kind}
          size="sm"
          variant={kind === "delete" ? "danger" : "secondary"}
          disabled={working}
          onClick={() => setOpen(kind)}
        >
          {label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" disabled={working} onClick={onClear}>
        Clear selection
      </Button>
      {open === "domain" && (
        <DomainDialog
          n={n}
          domains={domains}
          onClose={() => setOpen(null)}
          onConfirm={(domainId) => void run("domain", (p) => setDomain(selected, domainId, p))}
        />
      )}
      {(open === "addTags" || open === "removeTags") && (
        <TagsDialog
          n={n}
          adding={open === "addTags"}
          onClose={() => setOpen(null)}
          onConfirm={(tags) =>
            void run(open, (p) => (open === "addTags" ? addTags(selected, tags, p) : removeTags(selected, tags, p)))
          }
        />
      )}
      {(open === "copy" || open === "move") && (
        <ExamDialog
          n={n}
          examId={examId}
          moving={open === "move"}
          onClose={() => setOpen(null)}
          onConfirm={async (target) => {
            const where = ` to ${target.title} (${target.code})`;
            if (open === "copy") return run("copy", () => copyTo(selected, target.id), where);
            const studies = await callOperation("exam.caseStudyList", { exam_id: target.id, limit: 200 });
            if (!studies.ok) {
              setOpen(null);
              setError(`Nothing was moved: the other exam's case studies could not be read. ${failureText(studies)}`);
              return;
            }
            const moveTarget = {
              examId: target.id,
              domains: target.domains,
              caseStudies: studies.result.case_studies,
              here: { domains, caseStudies },
            };
            return run("move", (p) => moveTo(selected, moveTarget, p), where);
          }}
        />
      )}
      {open === "delete" && (
        <ActionDialog
          title={`Delete ${questions(n)}?`}
          confirmLabel={`Delete ${questions(n)}`}
          danger
          onClose={() => setOpen(null)}
          onConfirm={() => void run("delete", (p) => deleteEach(selected, p))}
        >
          <p>The selected questions and their answers are deleted; this cannot be undone.</p>
          <ReadyExamWarning action="bulk" className="mt-3" />
        </ActionDialog>
      )}
    </div>
  );
}

/** A dialog with a form: its fields, Cancel and the one button that does it. */
function ActionDialog({
  title,
  confirmLabel,
  danger = false,
  disabled = false,
  onClose,
  onConfirm,
  children,
}: {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  disabled?: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) onConfirm();
        }}
        className="flex flex-col gap-3 text-sm text-slate-700"
      >
        {children}
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} disabled={disabled}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DomainDialog({
  n,
  domains,
  onClose,
  onConfirm,
}: {
  n: number;
  domains: readonly DomainView[];
  onClose: () => void;
  onConfirm: (domainId: number | null) => void;
}) {
  const [value, setValue] = useState(domains[0] ? String(domains[0].id) : "");
  return (
    <ActionDialog
      title={`Set the domain of ${questions(n)}`}
      confirmLabel={`Set domain of ${questions(n)}`}
      onClose={onClose}
      onConfirm={() => onConfirm(value === "" ? null : Number(value))}
    >
      <Field label="Domain" help={domains.length === 0 ? "This exam has no blueprint domains yet." : undefined}>
        {(control) => (
          <Select {...control} value={value} onChange={(e) => setValue(e.target.value)}>
            {domains.map((d) => (
              <option key={d.id} value={d.id}>
                {d.code} {d.name}
              </option>
            ))}
            <option value="">No domain</option>
          </Select>
        )}
      </Field>
      <ReadyExamWarning action="bulk" />
    </ActionDialog>
  );
}

function TagsDialog({
  n,
  adding,
  onClose,
  onConfirm,
}: {
  n: number;
  adding: boolean;
  onClose: () => void;
  onConfirm: (tags: string[]) => void;
}) {
  const [text, setText] = useState("");
  const [tried, setTried] = useState(false);
  const tags = parseTags(text);
  const problem =
    tags.length === 0
      ? "Type at least one tag."
      : tags.find((t) => t.length > 50)
        ? "A tag has at most 50 characters."
        : null;
  return (
    <ActionDialog
      title={adding ? `Add tags to ${questions(n)}` : `Remove tags from ${questions(n)}`}
      confirmLabel={adding ? `Add tags to ${questions(n)}` : `Remove tags from ${questions(n)}`}
      onClose={onClose}
      onConfirm={() => {
        setTried(true);
        if (problem === null) onConfirm(tags);
      }}
    >
      <Field
        label="Tags"
        help={`Separate tags with commas. ${adding ? "A question keeps the tags it has." : "Tags are matched without regard to case."}`}
        errors={tried && problem ? [problem] : []}
      >
        {(control) => <Input {...control} value={text} onChange={(e) => setText(e.target.value)} autoFocus />}
      </Field>
      <ReadyExamWarning action="bulk" />
    </ActionDialog>
  );
}

function ExamDialog({
  n,
  examId,
  moving,
  onClose,
  onConfirm,
}: {
  n: number;
  examId: number;
  moving: boolean;
  onClose: () => void;
  onConfirm: (target: OtherExam) => void | Promise<void>;
}) {
  const [exams, setExams] = useState<OtherExam[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [value, setValue] = useState("");
  // The workspace's exams, read once when the dialog opens.
  useEffect(() => {
    let current = true;
    void callOperation("exam.examList", { limit: 200 }).then((answer) => {
      if (!current) return;
      if (!answer.ok) {
        setLoadError(failureText(answer));
        return;
      }
      const others = answer.result.exams.filter((e) => e.id !== examId);
      setExams(others);
      setValue(others[0] ? String(others[0].id) : "");
    });
    return () => {
      current = false;
    };
  }, [examId]);
  const target = exams?.find((e) => String(e.id) === value);
  const verb = moving ? "Move" : "Copy";
  return (
    <ActionDialog
      title={`${verb} ${questions(n)} to another exam`}
      confirmLabel={`${verb} ${questions(n)}`}
      disabled={!target}
      onClose={onClose}
      onConfirm={() => target && void onConfirm(target)}
    >
      {loadError ? (
        <p role="alert" className="text-red-700">
          The exams could not be read. {loadError}
        </p>
      ) : exams === null ? (
        <p>Reading the exams…</p>
      ) : exams.length === 0 ? (
        <p>This workspace has no other exam.</p>
      ) : (
        <Field label="Exam">
          {(control) => (
            <Select {...control} value={value} onChange={(e) => setValue(e.target.value)}>
              {exams.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title} ({e.code})
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <p>
        {moving
          ? "The questions go last in that exam, in their order here, into its domain of the same code and its case study of the same name; their history goes with them."
          : "Copies go last in that exam, in their order here, into its domain of the same code; each copy says which question it was copied from. This exam does not change."}
      </p>
      {moving && <ReadyExamWarning action="bulk" />}
    </ActionDialog>
  );
}
