// The scoring engine (issue 5): pure, shared by "Try it" in the editors, the simulation and tests.
export { scoreQuestion } from "./question-score";
export { examResult, type ExamResult } from "./exam-result";
export { domainResults, type DomainResult } from "./domain-results";
export { areaAt } from "./hit-test";
export type { CandidateResponse, QuestionScore, ScoreTotals, ScoredAnswer, ScoredArea, ScoredQuestion } from "./types";
