// exam.questionScore and exam.attemptScore (contract 16.2) over real HTTP: a stored question and
// one given inline (never stored), the response format with its errors, a whole attempt by each
// evaluation method and by a seed's draw; and the same numbers as the preview, which scores the
// questionList view with the same function after the same draw.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawAttempt } from "@/server/domain/simulation";
import { domainResults } from "@/server/domain/scoring/domain-results";
import { examResult } from "@/server/domain/scoring/exam-result";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import { scoredQuestionOf } from "@/server/domain/scoring/scored-question";
import { toCandidateResponse } from "@/server/domain/scoring/response-format";
import type { ApiResponse } from "@/server/schemas/question/response";
import { auditRows, choiceQuestion, fails, newExam, ok, questionRows } from "../support/exam-test-helpers";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

/** Type 2, three answers (1 and 3 correct) stored out of order, partial credit per answer. */
const multiple = (examId: number) => ({
  question: {
    exam_id: examId,
    type: 2,
    question: "<p>Which are private ranges?</p>",
    points: 3,
    properties: { scoring: "per_answer" },
  },
  answers: [
    { answer: "<p>10.0.0.0/8</p>", is_correct: true, order: 1 },
    { answer: "<p>8.8.8.0/24</p>", is_correct: false, order: 2 },
    { answer: "<p>192.168.0.0/16</p>", is_correct: true, order: 3 },
  ],
});
const textQuestion = (examId: number) => ({
  question: {
    exam_id: examId,
    type: 7,
    question: "<p>The default mask of a /24?</p>",
    properties: { text_answer: [{ value: "255.255.255.0", points: 1 }], text_similarity: 100 },
  },
});

describe("exam.questionScore", () => {
  it("scores a stored question by answer positions, with why", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", multiple(exam.id))).question.id;
    const score = async (response: object | null) =>
      ok(await ann.call("exam.questionScore", { question_id: id, response }));
    expect(await score({ answers: [1, 3] })).toMatchObject({ points: 3, max_points: 3, fully_correct: true });
    const partial = await score({ answers: [1] });
    expect(partial).toMatchObject({ points: 1.5, max_points: 3, fully_correct: false });
    expect(partial.why).not.toBe("");
    expect(await score({ answers: [1, 2] })).toMatchObject({ points: 0, fully_correct: false });
    // Empty or missing: unanswered.
    for (const r of [null, {}, { answers: [] }]) expect(await score(r)).toMatchObject({ points: 0 });
    expect(ok(await ann.call("exam.questionScore", { question_id: id }))).toMatchObject({ points: 0 });
  });

  it("scores a question given inline as questionCreate takes it, and stores nothing", async () => {
    const exam = await newExam(ann);
    const audit = (await auditRows(t, exam.id)).length;
    const reply = ok(await ann.call("exam.questionScore", { ...multiple(exam.id), response: { answers: [3, 1] } }));
    expect(reply).toMatchObject({ points: 3, max_points: 3, fully_correct: true });
    // Positions of an inline question: as sent, sorted by order where it is given.
    const reordered = multiple(exam.id);
    reordered.answers = [reordered.answers[2]!, reordered.answers[0]!, reordered.answers[1]!];
    expect(
      ok(await ann.call("exam.questionScore", { ...reordered, response: { answers: [1, 3] } })).fully_correct,
    ).toBe(true);
    expect(await questionRows(t, exam.id)).toHaveLength(0);
    expect(await auditRows(t, exam.id)).toHaveLength(audit);
    // Checked as questionCreate checks it.
    const bad = multiple(exam.id);
    fails(
      await ann.call("exam.questionScore", { ...bad, question: { ...bad.question, question: "" }, response: {} }),
      -32602,
      "question.question",
    );
    fails(
      await ann.call("exam.questionScore", { ...bad, question: { ...bad.question, type: 1 }, response: { answer: 1 } }),
      -32602,
    );
  });

  it("refuses a response that does not fit, saying where, and needs exactly one question", async () => {
    const exam = await newExam(ann);
    const id = ok(await ann.call("exam.questionCreate", multiple(exam.id))).question.id;
    const issues = fails(
      await ann.call("exam.questionScore", { question_id: id, response: { answers: [1, 4] } }),
      -32602,
      "response.answers[1]",
      "invalid_response",
    );
    expect(issues[0]!.message).toBe(
      "answer position 4 does not exist: the question has 3 answers (positions 1 to 3, by order)",
    );
    fails(
      await ann.call("exam.questionScore", { question_id: id, response: { answer: 1 } }),
      -32602,
      "response.answer",
      "invalid_response",
    );
    fails(
      await ann.call("exam.questionScore", { question_id: id, response: { answers: [1], text: "x" } }),
      -32602,
      "response",
    );
    fails(await ann.call("exam.questionScore", { response: {} }), -32602, "question_id", "conflict");
    fails(
      await ann.call("exam.questionScore", { question_id: id, ...multiple(exam.id), response: {} }),
      -32602,
      "question_id",
      "conflict",
    );
    fails(await ann.call("exam.questionScore", { question_id: 999999, response: {} }), -32004);
    const outsider = await t.newUser();
    fails(await outsider.call("exam.questionScore", { ...multiple(exam.id), response: {} }), -32004);
  });
});

describe("exam.attemptScore", () => {
  it("scores the keys of responses by the exam's method, by domain, as the preview adds them up", async () => {
    for (const method of [1, 2, 3, 4] as const) {
      const exam = await newExam(ann, { evaluation_method: method, passing_score: 50 });
      ok(
        await ann.call("exam.examUpdate", {
          exam: { id: exam.id, domains: [{ code: "1.0", name: "Addressing", weight: 0 }] },
        }),
      );
      const domainId = ok(await ann.call("exam.examGet", { id: exam.id })).exam.domains[0]!.id;
      const m = multiple(exam.id);
      const a = ok(await ann.call("exam.questionCreate", { ...m, question: { ...m.question, domain_id: domainId } }))
        .question.id;
      const b = ok(await ann.call("exam.questionCreate", textQuestion(exam.id))).question.id;
      const c = ok(await ann.call("exam.questionCreate", choiceQuestion(exam.id))).question.id;
      const responses: Record<number, ApiResponse> = { [a]: { answers: [1] }, [b]: { text: "255.255.255.0" }, [c]: {} };
      const reply = ok(await ann.call("exam.attemptScore", { exam_id: exam.id, responses }));
      expect(reply.presented).toBe(3);
      expect(reply.correct).toBe(1);
      expect(reply.questions.map((q) => q.question_id)).toEqual([a, b, c]);
      expect(reply.passed === null).toBe(method >= 3);
      // Each question as questionScore scores it.
      for (const q of reply.questions) {
        const { question_id, domain_id: _domain, ...score } = q;
        const { completed: _completed, ...alone } = ok(
          await ann.call("exam.questionScore", { question_id, response: responses[question_id] }),
        );
        expect(alone).toEqual(score);
      }
      // The preview's numbers: questionList's view, scored and added up by the preview's functions.
      const { questions } = ok(await ann.call("exam.questionList", { exam_id: exam.id }));
      const scores = questions.map((q) => {
        const sq = scoredQuestionOf(q);
        const converted = toCandidateResponse(sq, responses[q.id]);
        return scoreQuestion(sq, converted.ok ? converted.response : null);
      });
      const expected = examResult(method, 50, scores);
      expect(reply).toMatchObject({
        percent: expected.percent,
        passed: expected.passed,
        points: expected.points,
        max_points: expected.maxPoints,
        correct: expected.fullyCorrect,
      });
      const byDomain = domainResults(
        method,
        [domainId],
        questions.map((q, i) => ({ domainId: q.domain_id, score: scores[i]! })),
      );
      expect(reply.by_domain).toEqual(
        byDomain.map((d) => ({
          domain_id: d.domainId,
          questions: d.questions,
          fully_correct: d.fullyCorrect,
          points: d.points,
          max_points: d.maxPoints,
          percent: d.percent,
        })),
      );
    }
  });

  it("presents the draw of a seed, as examDraw and the preview draw it", async () => {
    const exam = await newExam(ann, { evaluation_method: 2, passing_score: 60 });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(ok(await ann.call("exam.questionCreate", multiple(exam.id))).question.id);
    ok(await ann.call("exam.examUpdate", { exam: { id: exam.id, testing_questions: 3 } }));
    const drawn = ok(await ann.call("exam.examDraw", { id: exam.id, seed: 42 })).questions;
    const reply = ok(
      await ann.call("exam.attemptScore", {
        exam_id: exam.id,
        seed: 42,
        responses: { [drawn[0]!]: { answers: [1, 3] } },
      }),
    );
    expect(reply.questions.map((q) => q.question_id)).toEqual(drawn);
    expect(reply).toMatchObject({ presented: 3, correct: 1, points: 3, max_points: 9, percent: 33.33, passed: false });
    // The preview draws the same questions from the same seed.
    const { questions } = ok(await ann.call("exam.questionList", { exam_id: exam.id }));
    const examRow = ok(await ann.call("exam.examGet", { id: exam.id })).exam;
    const preview = drawAttempt(
      questions,
      {
        count: examRow.testing_questions,
        shuffleQuestions: examRow.shuffle_questsion,
        shuffleAnswers: examRow.shuffle_answers,
        domains: examRow.domains,
      },
      42,
    );
    expect(preview.map((d) => d.question.id)).toEqual(drawn);
    // A response to a question the seed did not draw is refused, and one of another exam.
    const notDrawn = ids.find((id) => !drawn.includes(id))!;
    fails(
      await ann.call("exam.attemptScore", { exam_id: exam.id, seed: 42, responses: { [notDrawn]: {} } }),
      -32602,
      `responses["${notDrawn}"]`,
      "unknown_question",
    );
    const other = await newExam(ann);
    const foreign = ok(await ann.call("exam.questionCreate", choiceQuestion(other.id))).question.id;
    fails(
      await ann.call("exam.attemptScore", { exam_id: exam.id, responses: { [foreign]: { answer: 1 } } }),
      -32602,
      `responses["${foreign}"]`,
      "unknown_question",
    );
    fails(
      await ann.call("exam.attemptScore", { exam_id: exam.id, responses: { [ids[0]!]: { answers: [9] } } }),
      -32602,
      `responses["${ids[0]}"].answers[0]`,
      "invalid_response",
    );
    fails(await ann.call("exam.attemptScore", { exam_id: exam.id, responses: { abc: {} } }), -32602);
  });
});
