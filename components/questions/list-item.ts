// What the question list needs of one question: small, plain values (no HTML, no answers), so
// the page stays light with thousands of questions.
export interface QuestionListItem {
  id: number;
  type: number;
  /** The start of the question text as plain text (see plain-text.ts). */
  text: string;
  externalId: string | null;
  caseStudyId: number | null;
  caseStudyName: string | null;
  /** The question's stored warnings (messages, e.g. "only one answer was given; …"). */
  warnings: string[];
  /** How many of its review comments are open (not resolved). */
  openComments: number;
  /** Its domain of the exam's blueprint (contract 15.1), or null. */
  domainId: number | null;
  /** The domain's code, shown in the row; null without one. */
  domainCode: string | null;
  tags: string[];
}
