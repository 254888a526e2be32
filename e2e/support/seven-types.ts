// An exam with one question of each of the seven types, made through /api/json: the preview's
// scoring tests answer it, the phone layout test opens every editor and page it gives.
import type { APIRequestContext } from "@playwright/test";
import { makePng } from "../../tests/support/media-fixtures";
import type { ScoredAnswer, ScoredQuestion } from "../../server/domain/scoring/types";
import { rpcOk } from "./fixtures";

/** A question as questionList returns it: what the engine scores, answers with their HTML. */
export type ListedQuestion = ScoredQuestion<ScoredAnswer & { answer: string }>;

const IMAGE = Buffer.from(makePng(400, 300, [230, 236, 242])).toString("base64");

/** An exam with one question of each type, in type order, all presented in that order. */
export async function seedSevenTypes(request: APIRequestContext, token: string, method: number) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: `Seven types (${method})`,
      category: "QA",
      code: "SEVEN",
      evaluation_method: method,
      ...(method <= 2 ? { passing_score: 50 } : {}),
      shuffle_questions: false,
      shuffle_answers: false,
      show_standard_introduction: false,
    },
  });
  const q = (question: object, answers?: object[]) =>
    rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, ...question },
      ...(answers ? { answers } : {}),
      ...(JSON.stringify(question).includes("pic.png") ? { resources: { "pic.png": IMAGE } } : {}),
    });
  await q({ type: 1, question: "<p>Capital of France?</p>", points: 2 }, [
    { answer: "<p>Paris</p>", is_correct: true, points: 1 },
    { answer: "<p>Lyon</p>", is_correct: false },
  ]);
  await q({ type: 2, question: "<p>Which are prime?</p>" }, [
    { answer: "<p>2</p>", is_correct: true, points: 1 },
    { answer: "<p>3</p>", is_correct: true, points: 1 },
    { answer: "<p>4</p>", is_correct: false, points: -1 },
  ]);
  await q({
    type: 3,
    question: "<p>Match the labels.</p>",
    properties: {
      image: "pic.png",
      areas: [
        { id: "targ-1", x: 20, y: 20, width: 100, height: 50, type: 1 },
        { id: "targ-2", x: 20, y: 150, width: 100, height: 50, type: 1 },
        { id: "drag-1", x: 250, y: 20, width: 100, height: 50, type: 2 },
        { id: "drag-2", x: 250, y: 150, width: 100, height: 50, type: 2 },
      ],
      options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
      match: { "targ-1": "drag-1", "targ-2": "drag-2" },
      points: { "targ-1": { "drag-1": 1 } },
    },
  });
  await q({
    type: 4,
    question: "<p>Click the router.</p>",
    properties: {
      image: "pic.png",
      areas: [{ id: "block-1", x: 100, y: 100, width: 80, height: 60 }],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": true },
      points: { "block-1": 2 },
    },
  });
  await q({
    type: 5,
    question: "<p>Select the switches.</p>",
    properties: {
      image: "pic.png",
      areas: [
        { id: "block-1", x: 20, y: 20, width: 80, height: 60 },
        { id: "block-2", x: 200, y: 150, width: 80, height: 60 },
      ],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
      correct: { "block-1": true, "block-2": false },
    },
  });
  await q({ type: 6, question: "<p>Order the numbers.</p>" }, [
    { answer: "<p>one</p>", is_correct: true, order: 1 },
    { answer: "<p>two</p>", is_correct: true, order: 2 },
    { answer: "<p>three</p>", is_correct: true, order: 3 },
  ]);
  await q({
    type: 7,
    question: "<p>Largest planet?</p>",
    properties: { text_similarity: 80, text_answer: [{ value: "Jupiter", points: 1 }] },
  });
  // All seven presented (automatic handling would present 5 of 7).
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: exam.id, testing_questions: 7 } });
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: exam.id });
  return { examId: exam.id as number, questions: questions as ListedQuestion[] };
}
