"use client";
// Deletes the exam with its questions (and their answers) and case studies, after confirmation.
// The confirmation names only what the exam has.
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callOperation } from "@/components/lib/operations";
import { failureText } from "../issues/failure-text";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useRoleBlock } from "@/components/workspaces/role-context";

const counted = (n: number, one: string, many: string) => (n === 1 ? `its ${one}` : `its ${n} ${many}`);

/** What the delete removes, in words: only what there is. */
export function deletedWith(questionCount: number, caseStudyCount: number): string {
  const parts = [
    questionCount > 0 && counted(questionCount, "question", "questions"),
    caseStudyCount > 0 && counted(caseStudyCount, "case study", "case studies"),
  ].filter((p) => p !== false);
  const what =
    parts.length === 0
      ? "The exam and its settings are deleted; it has no questions or case studies."
      : `The exam is deleted with ${parts.join(" and ")}.`;
  return `${what} This cannot be undone.`;
}

interface DeleteExamButtonProps {
  examId: number;
  title: string;
  questionCount: number;
  caseStudyCount: number;
  onError: (message: string) => void;
}

export function DeleteExamButton({ examId, title, questionCount, caseStudyCount, onError }: DeleteExamButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const blocked = useRoleBlock("write");
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          disabled={busy || blocked !== null}
          title={blocked ?? undefined}
          className="text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden className="size-4" />
          Delete exam
        </Button>
      }
      title={`Delete “${title}”?`}
      description={deletedWith(questionCount, caseStudyCount)}
      confirmLabel="Delete exam"
      onConfirm={async () => {
        setBusy(true);
        const answer = await callOperation("exam.examDelete", { id: examId });
        if (!answer.ok) {
          setBusy(false);
          onError(failureText(answer));
          return;
        }
        router.push("/exams");
      }}
    />
  );
}
