// Hand-written example params, only for methods whose smallest schema-valid call would fail the
// operation's own rules (passing_score for method 1, answers for a choice question, …) or say
// little. Every other method's example is generated from its schema (example.ts).
// examples.test.ts parses each one with its method's params schema, so they cannot drift.
import { ARCHIVE_MARKER, ARCHIVE_VERSION } from "../formats/exam-json";
import { encodeBase64 } from "../media/base64";

/** A small Exam Studio archive (one single choice question), as exam.examImport's example sends it. */
export const EXAMPLE_ARCHIVE = {
  format: ARCHIVE_MARKER,
  version: ARCHIVE_VERSION,
  exam: { type: 2, title: "Networking basics", category: "IT", code: "NET-1", evaluation_method: 1, passing_score: 70 },
  questions: [
    {
      external_id: "NET-1-Q1",
      type: 1,
      question: "<p>Which port does HTTPS use by default?</p>",
      answers: [
        { answer: "<p>443</p>", is_correct: true },
        { answer: "<p>80</p>", is_correct: false },
      ],
    },
  ],
};

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
  "exam.questionSearch": { query: "subnet mask", exam_id: 1, tag: "ccna", limit: 20 },
  "exam.examDuplicate": { id: 1, title: "Networking basics 2027" },
  "exam.examImport": {
    file: {
      name: "networking.exam.json",
      base64: encodeBase64(new TextEncoder().encode(JSON.stringify(EXAMPLE_ARCHIVE))),
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
