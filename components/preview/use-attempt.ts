"use client";
// One simulated attempt: the questions drawn from the seed, where the candidate is, what they
// answered and flagged, the countdown, and the result. The clock is the browser's own (Date.now
// and a one-second interval), so the countdown is the one a candidate would see.
import { useCallback, useEffect, useMemo, useState } from "react";
import { domainResults } from "@/server/domain/scoring/domain-results";
import { examResult } from "@/server/domain/scoring/exam-result";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import type { CandidateResponse, QuestionScore } from "@/server/domain/scoring/types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { drawAttempt, secondsLeft } from "@/server/domain/simulation";
import type { PreviewExam, PreviewQuestion } from "./types";

export type Phase = "intro" | "description" | "questions" | "summary" | "result";

export function useAttempt(exam: PreviewExam, questions: readonly PreviewQuestion[], seed: number) {
  // The draw of exam.examDraw (by the blueprint's weights), so this seed presents its questions.
  const drawn = useMemo(
    () =>
      drawAttempt(
        questions,
        {
          count: exam.testing_questions,
          shuffleQuestions: exam.shuffle_questsion,
          shuffleAnswers: exam.shuffle_answers,
          domains: exam.domains,
        },
        seed,
      ),
    [questions, exam, seed],
  );
  const firstPhase: Phase = exam.show_standard_introduction
    ? "intro"
    : exam.show_description_page
      ? "description"
      : "questions";
  const [phase, setPhase] = useState<Phase>(firstPhase);
  const [index, setIndex] = useState(0);
  const [responses, setResponses] = useState<Record<number, CandidateResponse>>({});
  const [flagged, setFlagged] = useState<ReadonlySet<number>>(new Set());
  /** Type 1 exams with check_answer: the verdicts the candidate asked for. */
  const [checked, setChecked] = useState<Record<number, QuestionScore>>({});
  const [startedAt, setStartedAt] = useState<number | null>(() => (firstPhase === "questions" ? Date.now() : null));
  const [now, setNow] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);

  const left = startedAt === null ? null : secondsLeft(exam.testing_time, startedAt, now);
  const running = phase === "questions" || phase === "summary";

  useEffect(() => {
    if (!running || exam.testing_time <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running, exam.testing_time]);

  // Time is up: the attempt ends as it stands (adjusted while rendering the tick that ran out).
  if (running && left === 0) {
    setTimedOut(true);
    setPhase("result");
  }

  const begin = useCallback(() => {
    if (phase === "intro" && exam.show_description_page) return setPhase("description");
    setPhase("questions");
    // One reading of the clock for both, so the countdown starts at the full time.
    const t = Date.now();
    setStartedAt((s) => s ?? t);
    setNow(t);
  }, [phase, exam.show_description_page]);

  const answer = useCallback((questionId: number, response: CandidateResponse) => {
    setResponses((r) => ({ ...r, [questionId]: response }));
    setChecked(({ [questionId]: _dropped, ...rest }) => rest);
  }, []);

  const toggleFlag = useCallback((questionId: number) => {
    setFlagged((f) => {
      const next = new Set(f);
      if (!next.delete(questionId)) next.add(questionId);
      return next;
    });
  }, []);

  // A sort without distractors shows every answer in a sequence from the start: left untouched,
  // that shown order is the candidate's answer.
  const responseOf = useCallback(
    (d: (typeof drawn)[number]): CandidateResponse | null =>
      responses[d.question.id] ??
      (d.question.type === QUESTION_TYPE.sort && d.question.properties.optional_answers !== true
        ? { type: QUESTION_TYPE.sort, order: d.answerOrder }
        : null),
    [responses],
  );
  const scores = useMemo(() => drawn.map((d) => scoreQuestion(d.question, responseOf(d))), [drawn, responseOf]);
  const result = useMemo(() => examResult(exam.evaluation_method, exam.passing_score, scores), [exam, scores]);
  const byDomain = useMemo(
    () =>
      domainResults(
        exam.evaluation_method,
        exam.domains.map((d) => d.id),
        drawn.map((d, i) => ({ domainId: d.question.domain_id, score: scores[i]! })),
      ),
    [exam, drawn, scores],
  );

  const check = useCallback(
    (questionId: number) => {
      const d = drawn.find((x) => x.question.id === questionId);
      if (d) setChecked((c) => ({ ...c, [questionId]: scoreQuestion(d.question, responseOf(d)) }));
    },
    [drawn, responseOf],
  );

  return {
    drawn,
    phase,
    setPhase,
    index,
    goTo: (i: number) => {
      setIndex(Math.max(0, Math.min(drawn.length - 1, i)));
      setPhase("questions");
    },
    responses,
    responseOf,
    answer,
    flagged,
    toggleFlag,
    checked,
    check,
    secondsLeft: left,
    timedOut,
    begin,
    finish: () => setPhase("result"),
    scores,
    result,
    byDomain,
  };
}

export type Attempt = ReturnType<typeof useAttempt>;
