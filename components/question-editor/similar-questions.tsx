"use client";
// Below the question text after a save: the questions of the workspace whose text is nearly the
// same (the save's similar_question warnings, contract 15.2 point 3), each linked to its editor.
// Advice only: it does not keep the exam from being marked ready.
import { Copy } from "lucide-react";
import Link from "next/link";
import type { Issue } from "@/server/errors";
import { similarityPercent } from "../issues/author-text";

/** The similar_question warnings that carry what a link needs (the app's details). */
export function similarQuestionsOf(warnings: readonly Issue[]): Issue[] {
  return warnings.filter((w) => w.code === "similar_question" && w.details?.questionId !== undefined && w.details.exam);
}

export function SimilarQuestions({ warnings }: { warnings: readonly Issue[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="similar-questions-heading"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="similar-questions"
    >
      <h2 id="similar-questions-heading" className="flex items-center gap-1.5 font-medium">
        <Copy aria-hidden className="size-4 shrink-0" />
        {warnings.length === 1 ? "A similar question exists" : "Similar questions exist"}
      </h2>
      <p className="mt-1 text-amber-900">
        The same question may have been written twice. This is advice: it does not keep the exam from being marked
        ready.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {warnings.map((w) => {
          const { questionId, exam, similarity } = w.details!;
          return (
            <li key={questionId}>
              <Link
                href={`/exams/${exam!.id}/questions/${questionId}`}
                className="font-medium text-amber-950 underline underline-offset-2 hover:text-amber-800"
                prefetch={false}
              >
                Question {questionId} in “{exam!.title}”
              </Link>
              {similarity !== undefined && <span> · {similarityPercent(similarity)} % similar</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
