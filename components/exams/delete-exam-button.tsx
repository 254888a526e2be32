"use client";
// Deletes the exam with its questions, answers and case studies, after confirmation.
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { callOperation } from "@/components/lib/operations";
import { failureText } from "../issues/failure-text";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function DeleteExamButton({ examId, title, questionCount, onError }: { examId: number; title: string; questionCount: number; onError: (message: string) => void }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const questions = questionCount === 1 ? "its question" : `its ${questionCount} questions`;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" disabled={busy} className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden className="size-4" />
          Delete exam
        </Button>
      }
      title={`Delete “${title}”?`}
      description={`The exam is deleted with ${questionCount === 0 ? "its settings" : questions}, their answers and its case studies. This cannot be undone.`}
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
