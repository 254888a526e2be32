// Hand-written example params, only for methods whose smallest schema-valid call would fail the
// operation's own rules (passing_score for method 1, answers for a choice question, …) or say
// little. Every other method's example is generated from its schema (example.ts).
// examples.test.ts parses each one with its method's params schema, so they cannot drift.
import { encodeBase64 } from "../media/base64";

/** A CSV in Kahoot's spreadsheet columns, as exam.examImport's example sends it. */
export const EXAMPLE_KAHOOT_CSV = [
  "Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 characters,Time limit (sec),Correct answer(s) - choose at least one",
  "Which port does HTTPS use by default?,443,80,20,1",
].join("\r\n");

export const HAND_WRITTEN_EXAMPLES: Readonly<Record<string, object>> = {
  "exam.examCreate": {
    exam: {
      type: 2,
      title: "Networking basics",
      category: "IT",
      code: "NET-1",
      evaluation_method: 1,
      passing_score: 70,
      domains: [
        { code: "1.0", name: "Network Fundamentals", weight: 40 },
        { code: "2.0", name: "Network Security", weight: 60 },
      ],
    },
  },
  "exam.examUpdate": {
    exam: { id: 1, title: "Networking fundamentals", passing_score: 75 },
  },
  "exam.questionCreate": {
    question: {
      exam_id: 1,
      type: 1,
      question: "<p>Which port does HTTPS use by default?</p>",
      points: 1,
      tags: ["ports", "TLS"],
    },
    answers: [
      { answer: "<p>443</p>", is_correct: true },
      { answer: "<p>80</p>", is_correct: false },
    ],
  },
  "exam.questionUpdate": {
    question: {
      id: 1,
      exam_id: 1,
      type: 1,
      question: "<p>Which port does HTTPS use by default?</p>",
      explanation: "<p>HTTP uses 80.</p>",
    },
    answers: [
      { answer: "<p>443</p>", is_correct: true },
      { answer: "<p>80</p>", is_correct: false },
      { answer: "<p>8080</p>", is_correct: false },
    ],
  },
  "exam.examExport": { id: 1, format: "exam_json" },
  // A seed, so that the same call draws the same questions again (contract 15.1 point 4).
  "exam.examDraw": { id: 1, seed: 20240611 },
  // The near duplicates that involve one exam, at the default threshold (contract 15.2 point 3).
  "exam.questionDuplicates": { exam_id: 1, threshold: 0.9 },
  // Answers by their 1-based position in the answer list (contract 16.2).
  "exam.questionScore": { question_id: 1, response: { answers: [1, 3] } },
  "exam.attemptScore": { exam_id: 1, responses: { "1": { answers: [1, 3] }, "2": { text: "255.255.255.0" } } },
  "exam.questionTest": { id: 1 },
  "exam.questionSearch": { query: "subnet mask", exam_id: 1, tag: "ccna", limit: 20 },
  "exam.examDuplicate": { id: 1, title: "Networking basics 2027" },
  // A spreadsheet in Kahoot's columns (contract 13.3 point 4), into exam 1; without `columns`, the
  // dry run would answer columns_needed: the header and a guess of each column.
  "exam.examImport": {
    file: { name: "kahoot-quiz.csv", base64: encodeBase64(new TextEncoder().encode(EXAMPLE_KAHOOT_CSV)) },
    exam_id: 1,
    columns: {
      question: "Question - max 120 characters",
      answer_1: "Answer 1 - max 75 characters",
      answer_2: "Answer 2 - max 75 characters",
      correct_answers: "Correct answer(s) - choose at least one",
    },
    // A dry run that imports the valid items and skips the others (contract 13.3 point 2).
    on_invalid: "skip",
    dry_run: true,
  },
  "exam.questionReorder": { exam_id: 1, question_ids: [3, 1, 2] },
  // Two questions of another exam, into exam 1; each copy goes into exam 1's domain with its source's code.
  "exam.questionCopy": { ids: [12, 7], exam_id: 1 },
  "exam.caseStudyCreate": {
    case_study: { exam_id: 1, name: "Contoso offices", description: "<p>Contoso has two offices joined by a VPN.</p>" },
  },
  "exam.commentCreate": {
    question_id: 1,
    body: 'Answer 2 is right too if the server listens on 8443.\nCan we say "by default" in the question?',
  },
  "exam.commentList": { question_id: 1, limit: 50 },
  "exam.caseStudyUpdate": {
    case_study: { id: 1, name: "Contoso offices", description: "<p>Contoso has three offices joined by a VPN.</p>" },
  },
};
