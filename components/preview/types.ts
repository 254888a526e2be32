// What the preview needs of an exam (the exam view of the API) and of its case studies.
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
}

export interface PreviewCaseStudy {
  id: number;
  name: string;
  description: string;
}
