// What the preview needs of an exam (the exam view of the API), of its questions and of its case
// studies.
import type { CandidateQuestion } from "../candidate/question-view";

/** A domain of the exam's blueprint (contract 15.1), as examGet answers it. */
export interface PreviewDomain {
  id: number;
  code: string;
  name: string;
  /** 0–100: the percent of the drawn questions. */
  weight: number;
}

/** A question as a candidate sees it, with the blueprint domain the draw and the result read. */
export type PreviewQuestion = CandidateQuestion & { domain_id: number | null };
export interface PreviewExam {
  id: number;
  title: string;
  code: string;
  category: string;
  /** 1 quiz, 2 test, 3 exam. */
  type: number;
  check_answer: number;
  evaluation_method: 1 | 2 | 3 | 4;
  passing_score: number | null;
  shuffle_questsion: boolean;
  shuffle_answers: boolean;
  testing_questions: number;
  testing_time: number;
  show_description_page: boolean;
  show_standard_introduction: boolean;
  description: string;
  /** The blueprint, in its order: the draw follows its weights, the result is shown per domain. */
  domains: PreviewDomain[];
}

export interface PreviewCaseStudy {
  id: number;
  name: string;
  description: string;
}
