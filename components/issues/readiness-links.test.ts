// What "Mark ready" found, in the author's words (author-text.ts) with a link to where it is fixed
// (readiness-links.ts): each problem by itself, never "Question N has a warning" per problem.
import { describe, expect, it } from "vitest";
import { checkQuestion } from "@/server/domain/question-rules";
import type { Issue } from "@/server/errors";
import { authorText } from "./author-text";
import { readinessLink } from "./readiness-links";

const NO_LIMITS = { imageSize: null, limits: { answers: 0, textAnswers: 0 } };

/** A question_warning as the readiness check makes it of a question's stored warning. */
function finding(warning: Issue, position: number, questionId: number): Issue {
  return {
    code: "question_warning",
    path: `questions[${position - 1}]`,
    message: `question ${questionId}: ${warning.path}: ${warning.message}`,
    details: {
      position,
      questionId,
      warning: { code: warning.code, path: warning.path, ...(warning.details ? { details: warning.details } : {}) },
    },
  };
}

describe("what Mark ready found", () => {
  it("words each warning of a question by itself, as the question's editor words it", () => {
    const lonely = checkQuestion({ type: 2, properties: {}, answers: [{ answer: "<p>Alone</p>" }] }, NO_LIMITS);
    const twice = checkQuestion(
      {
        type: 7,
        properties: { text_similarity: 100, text_answer: [{ value: "Pacific" }, { value: "pacific" }] },
        answers: undefined,
      },
      NO_LIMITS,
    );
    const found = [...lonely.warnings.map((w) => finding(w, 15, 88)), ...twice.warnings.map((w) => finding(w, 16, 89))];
    expect(found.map((f) => `${readinessLink(f, 7)?.label} — ${authorText(f)}`)).toEqual([
      "Question 15 — Add at least one more answer: a question with one answer gives nothing to choose.",
      "Question 15 — Mark the answers that are correct.",
      "Question 16 — Accepted answer 2: This is the same accepted answer as Accepted answer 1; keep one of them.",
    ]);
    expect(found.map((f) => readinessLink(f, 7)?.href)).toEqual([
      "/exams/7/questions/88",
      "/exams/7/questions/88",
      "/exams/7/questions/89",
    ]);
  });

  it("words the findings about the exam, with a link to its settings where they are fixed there", () => {
    const none: Issue = { code: "no_questions", path: "questions", message: "the exam has no questions" };
    expect([readinessLink(none, 7), authorText(none)]).toEqual([
      null,
      "The exam has no questions yet: add them with “New question” or “Import questions”.",
    ]);
    const exceed: Issue = {
      code: "testing_questions_exceed",
      path: "exam.testing_questions",
      message: "testing_questions is 20 but only 15 question(s) can be presented",
      details: { presented: 20, max: 15 },
    };
    expect([readinessLink(exceed, 7), authorText(exceed)]).toEqual([
      { label: "Questions presented", href: "/exams/7?tab=settings" },
      "The exam presents 20 questions but has 15: lower this number, or add questions.",
    ]);
  });

  it("names a short domain of the blueprint with its quota and its count", () => {
    const short: Issue = {
      code: "blueprint_short",
      path: "exam.domains[1]",
      message: 'domain "2.0" (Routing) has 3 question(s) but its quota is 7 of the 20 drawn',
      details: { domain: { id: 12, code: "2.0", name: "Routing" }, quota: 7, count: 3, presented: 20 },
    };
    expect([readinessLink(short, 7), authorText(short)]).toEqual([
      { label: "Blueprint", href: "/exams/7?tab=settings#settings-blueprint" },
      "Domain “2.0 Routing” has 3 questions but its weight asks for 7 of the 20 drawn: add 4 questions to it, or lower its weight. Until then the other domains make up the difference.",
    ]);
    const bare: Issue = { code: "blueprint_short", path: "exam.domains[0]", message: "…" };
    expect(authorText(bare)).toBe("A domain of the blueprint has fewer questions than its share of the exam.");
  });

  it("says where a missing picture or sound is used, and how many more places use it", () => {
    const missing = (details: Issue["details"]): Issue => ({
      code: "media_missing",
      path: "media",
      message: "/media/x.png is referenced but its file is missing",
      details,
    });
    const inQuestion = missing({ usedIn: "question", position: 4, questionId: 90, others: 2 });
    expect([readinessLink(inQuestion, 7), authorText(inQuestion)]).toEqual([
      { label: "Question 4", href: "/exams/7/questions/90" },
      "A picture or sound in this question or its answers is missing; insert it again. The same file is also used in 2 other places.",
    ]);
    const inCaseStudy = missing({ usedIn: "case_study", caseStudyId: 3, caseStudyName: "Branch office" });
    expect([readinessLink(inCaseStudy, 7), authorText(inCaseStudy)]).toEqual([
      { label: "Case study “Branch office”", href: "/exams/7/case-studies/3" },
      "A picture or sound in this case study is missing; insert it again.",
    ]);
    const inDescription = missing({ usedIn: "description" });
    expect([readinessLink(inDescription, 7), authorText(inDescription)]).toEqual([
      { label: "Description", href: "/exams/7?tab=settings" },
      "A picture or sound in the description is missing; insert it again.",
    ]);
  });

  it("still says something useful of a finding without details (an older server's answer)", () => {
    const bare: Issue = { code: "question_warning", path: "questions[2]", message: "question 5: answers: …" };
    expect([readinessLink(bare, 7), authorText(bare)]).toEqual([
      null,
      "This question has a warning; open it to see what.",
    ]);
  });
});
