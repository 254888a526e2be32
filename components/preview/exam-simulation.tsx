"use client";
// The exam as a candidate takes it (/exams/[id]/preview): introduction, description, the drawn
// questions, the summary and the result, from one seed. Nothing of the attempt is stored.
import { useMemo } from "react";
import { DescriptionPage, IntroPage } from "./intro-pages";
import { QuestionPage } from "./question-page";
import { ResultPage } from "./result-page";
import { SummaryPage } from "./summary-page";
import type { PreviewCaseStudy, PreviewExam, PreviewQuestion } from "./types";
import { useAttempt } from "./use-attempt";

interface ExamSimulationProps {
  exam: PreviewExam;
  questions: PreviewQuestion[];
  caseStudies: PreviewCaseStudy[];
  seed: number;
}

export function ExamSimulation({ exam, questions, caseStudies, seed }: ExamSimulationProps) {
  const attempt = useAttempt(exam, questions, seed);
  const studies = useMemo(() => new Map(caseStudies.map((c) => [c.id, c])), [caseStudies]);
  if (attempt.drawn.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-slate-600">
        This exam has no questions to present yet.
      </p>
    );
  }
  switch (attempt.phase) {
    case "intro":
      return <IntroPage exam={exam} count={attempt.drawn.length} onBegin={attempt.begin} />;
    case "description":
      return <DescriptionPage exam={exam} onBegin={attempt.begin} />;
    case "questions":
      return <QuestionPage exam={exam} attempt={attempt} caseStudies={studies} />;
    case "summary":
      return <SummaryPage attempt={attempt} />;
    case "result":
      return <ResultPage exam={exam} attempt={attempt} caseStudies={studies} />;
  }
}
