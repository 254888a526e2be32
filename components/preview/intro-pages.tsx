"use client";
// The pages before the first question: the standard introduction ("Before You Begin") and the
// exam's description, each shown when the exam turns it on.
import { isPassFail } from "@/server/domain/evaluation";
import { EXAM_TYPE } from "@/server/schemas/exam";
import { Button } from "../ui/button";
import type { PreviewExam } from "./types";

const METHOD: Record<number, string> = {
  1: "Your score is the percentage of questions answered fully correctly.",
  2: "Your score is the percentage of the available points you earn.",
  3: "Your score is the percentage of questions answered fully correctly; there is no pass mark.",
  4: "Your score is the percentage of the available points you earn; there is no pass mark.",
};

export function IntroPage({ exam, count, onBegin }: { exam: PreviewExam; count: number; onBegin: () => void }) {
  return (
    <section
      aria-labelledby="intro-heading"
      className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="intro-heading" className="text-xl font-semibold">
        Before You Begin
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        <li>
          This {exam.type === EXAM_TYPE.quiz ? "quiz" : exam.type === EXAM_TYPE.test ? "test" : "exam"} has{" "}
          <strong>{count}</strong> {count === 1 ? "question" : "questions"}.
        </li>
        <li>
          {exam.testing_time > 0 ? (
            <>
              You have <strong>{exam.testing_time} minutes</strong>; when the time is up, the attempt ends and is scored
              as it stands.
            </>
          ) : (
            "There is no time limit."
          )}
        </li>
        <li>{METHOD[exam.evaluation_method]}</li>
        {isPassFail(exam.evaluation_method) && exam.passing_score !== null && (
          <li>
            You pass with <strong>{exam.passing_score}%</strong> or more.
          </li>
        )}
        <li>Move between questions freely, flag any for review, and see a summary before you finish.</li>
      </ul>
      <div>
        <Button variant="primary" onClick={onBegin}>
          {exam.show_description_page ? "Continue" : "Begin"}
        </Button>
      </div>
    </section>
  );
}

export function DescriptionPage({ exam, onBegin }: { exam: PreviewExam; onBegin: () => void }) {
  return (
    <section
      aria-labelledby="description-heading"
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="description-heading" className="text-xl font-semibold">
        {exam.title}
      </h2>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: exam.description }} />
      <div>
        <Button variant="primary" onClick={onBegin}>
          Begin
        </Button>
      </div>
    </section>
  );
}
