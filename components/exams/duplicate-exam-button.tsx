"use client";
// "Duplicate": a new draft exam made from this one (exam.examDuplicate) with its settings,
// blueprint, case studies and a copy of every question; the author names it (the exam's title
// followed by "(copy)" to start with) and goes to it.
import { Copy } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callOperation } from "@/components/lib/operations";
import { duplicateTitle, examDuplicateParams } from "@/server/schemas/copies";
import { parseWith } from "@/server/schemas/zod-issues";
import { failureText } from "../issues/failure-text";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { useRoleBlock } from "@/components/workspaces/role-context";

export function DuplicateExamButton({
  examId,
  title,
  questionCount,
  size = "md",
  variant = "secondary",
  blocked: blockedHere,
}: {
  examId: number;
  title: string;
  questionCount: number;
  size?: "sm" | "md";
  variant?: "secondary" | "ghost";
  /** Why the person may not (a page outside an exam says it; under an exam, the role context does). */
  blocked?: string | null;
}) {
  const router = useRouter();
  const roleBlocked = useRoleBlock("write");
  const blocked = blockedHere === undefined ? roleBlocked : blockedHere;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(() => duplicateTitle(title));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checked = parseWith(examDuplicateParams, { id: examId, title: name });
  const titleErrors = checked.ok ? [] : checked.issues.filter((i) => i.path === "title").map((i) => i.message);

  async function duplicate() {
    if (!checked.ok) return;
    setBusy(true);
    setError(null);
    const answer = await callOperation("exam.examDuplicate", { id: examId, title: name });
    if (!answer.ok) {
      setBusy(false);
      setError(failureText(answer));
      return;
    }
    router.push(`/exams/${answer.result.exam.id}`);
  }

  const what = questionCount === 1 ? "its question" : `its ${questionCount} questions`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(duplicateTitle(title));
          setError(null);
        }
      }}
      title={`Duplicate “${title}”`}
      description={`A new draft exam with the same settings, blueprint and case studies, and a copy of ${questionCount === 0 ? "every question (it has none yet)" : what}. Each copy says which question it was copied from.`}
      trigger={
        <Button
          size={size}
          variant={variant}
          disabled={blocked !== null}
          title={blocked ?? undefined}
          aria-label={size === "sm" ? `Duplicate ${title}` : undefined}
        >
          <Copy aria-hidden className="size-4" /> Duplicate
        </Button>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void duplicate();
        }}
      >
        <Field label="Title of the new exam" errors={titleErrors}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            The exam was not duplicated. {error}
          </p>
        )}
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || !checked.ok}>
            {busy ? "Duplicating…" : "Duplicate exam"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
