// A whole attempt scored as exam.attemptScore answers it (contract 16.2): each presented question
// by the one scoring function, then the exam's result (exam-result.ts) and the result by domain
// (domain-results.ts) exactly as the preview's result page adds them up.
import { domainResults } from "./domain-results";
import { examResult } from "./exam-result";
import type { ApiScore } from "./scenarios";

export interface AttemptQuestionScore extends ApiScore {
  question_id: number;
  domain_id: number | null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** `questions`: each presented question's score, in presentation order; `blueprint`: the domain ids in order. */
export function attemptResult(
  method: 1 | 2 | 3 | 4,
  passingScore: number | null,
  blueprint: readonly number[],
  questions: readonly AttemptQuestionScore[],
) {
  const totals = questions.map((q) => ({ fullyCorrect: q.fully_correct, points: q.points, maxPoints: q.max_points }));
  const r = examResult(method, passingScore, totals);
  const byDomain = domainResults(
    method,
    blueprint,
    questions.map((q, i) => ({ domainId: q.domain_id, score: totals[i]! })),
  );
  return {
    percent: r.percent,
    passed: r.passed,
    points: round2(r.points),
    max_points: round2(r.maxPoints),
    correct: r.fullyCorrect,
    presented: r.presented,
    by_domain: byDomain.map((d) => ({
      domain_id: d.domainId,
      questions: d.questions,
      fully_correct: d.fullyCorrect,
      points: round2(d.points),
      max_points: round2(d.maxPoints),
      percent: d.percent,
    })),
    questions,
  };
}
