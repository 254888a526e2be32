"use client";
// Deleting a case study, after confirmation. The API refuses while questions use it, so the
// dialog first asks which questions do: when some do, it says so, lists them (each linking to its
// editor, so the author can change them first) and offers no Delete. A question that starts using
// the case study while the dialog is open still gets the API's refusal, shown the same way.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ReadyExamWarning, useReadyExamGuard } from "../exams/ready-exam-guard";
import { callOperation, type OperationOutcome } from "../lib/operations";
import { failureText } from "../issues/failure-text";
import { plainText } from "../questions/plain-text";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { QuestionLinks, type QuestionLink } from "./question-links";
import { useRoleBlock } from "@/components/workspaces/role-context";

async function questionsUsing(examId: number, caseStudyId: number): Promise<QuestionLink[] | null> {
  const found: QuestionLink[] = [];
  let cursor: string | null = null;
  do {
    const page: OperationOutcome<"exam.questionList"> = await callOperation("exam.questionList", {
      exam_id: examId,
      case_study_id: caseStudyId,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    if (!page.ok) return null;
    found.push(...page.result.questions.map((q) => ({ id: q.id, type: q.type, text: plainText(q.question, 160) })));
    cursor = page.result.next_cursor;
  } while (cursor);
  return found;
}

/** Which questions use the case study, as far as the dialog knows. */
type Usage = { kind: "checking" } | { kind: "unused" } | { kind: "used"; questions: QuestionLink[] };

const usingCount = (questions: QuestionLink[]) =>
  questions.length === 1 ? "1 question uses" : `${questions.length} questions use`;

function UsedBy({ examId, questions }: { examId: number; questions: QuestionLink[] }) {
  return (
    <>
      <p className="mt-0.5">Choose another case study (or none) in these questions, or delete them, then try again.</p>
      <div className="mt-2 rounded border border-amber-200 bg-white px-2">
        <QuestionLinks examId={examId} questions={questions} label="Questions using this case study" />
      </div>
    </>
  );
}

export function DeleteCaseStudy({
  examId,
  caseStudyId,
  name,
  onDeleted,
}: {
  examId: number;
  caseStudyId: number;
  name: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [usage, setUsage] = useState<Usage>({ kind: "checking" });
  const [busy, setBusy] = useState(false);
  const roleBlocked = useRoleBlock("write");
  const guard = useReadyExamGuard();
  const [error, setError] = useState<string | null>(null);
  const [usedBy, setUsedBy] = useState<QuestionLink[] | null>(null);

  async function openDialog(next: boolean) {
    setOpen(next);
    if (!next) return;
    setUsage({ kind: "checking" });
    const questions = await questionsUsing(examId, caseStudyId);
    // When the check itself fails, Delete is offered: the API decides and its answer is shown.
    setUsage(questions && questions.length > 0 ? { kind: "used", questions } : { kind: "unused" });
  }

  async function remove() {
    guard.proceed();
    setBusy(true);
    setError(null);
    setUsedBy(null);
    const outcome = await callOperation("exam.caseStudyDelete", { id: caseStudyId });
    if (outcome.ok) {
      onDeleted();
      return;
    }
    const inUse = outcome.issues.find((i) => i.code === "case_study_in_use");
    if (inUse) {
      const questions = await questionsUsing(examId, caseStudyId);
      if (questions && questions.length > 0) setUsedBy(questions);
      else setError(`The case study was not deleted: ${failureText(outcome)}`);
    } else {
      setError(`The case study was not deleted: ${failureText(outcome)}`);
    }
    setBusy(false);
  }

  const used = usage.kind === "used" ? usage.questions : null;
  return (
    <div className="flex flex-col gap-3">
      <ConfirmDialog
        trigger={
          <Button
            variant="secondary"
            className="self-start border-red-200! text-red-700! hover:bg-red-50!"
            disabled={busy || roleBlocked !== null}
            title={roleBlocked ?? undefined}
          >
            <Trash2 aria-hidden className="size-4" />
            Delete case study
          </Button>
        }
        open={open}
        onOpenChange={(next) => void openDialog(next)}
        title={used ? `Case study "${name}" cannot be deleted` : `Delete case study "${name}"?`}
        description={
          used ? (
            <div data-testid="case-study-delete-refused">
              <p className="font-medium text-slate-800">{usingCount(used)} this case study.</p>
              <UsedBy examId={examId} questions={used} />
            </div>
          ) : usage.kind === "checking" ? (
            "Checking whether questions use this case study…"
          ) : (
            <>
              <p>The case study is deleted for good.</p>
              <ReadyExamWarning action="deleteCaseStudy" className="mt-3" />
            </>
          )
        }
        confirmLabel="Delete case study"
        confirmState={used ? "refused" : usage.kind === "checking" ? "pending" : "ready"}
        onConfirm={remove}
      />
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {usedBy && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="case-study-in-use"
        >
          <p className="font-medium">Not deleted: {usingCount(usedBy)} this case study.</p>
          <UsedBy examId={examId} questions={usedBy} />
        </div>
      )}
    </div>
  );
}
