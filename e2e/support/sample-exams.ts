// Exams with everything a page can show, made through the API: a draft exam with a description,
// a blueprint of two domains (its questions in them, with tags), a case study and one question of
// each of the seven types (rich text with a table, formatting
// and a list; an image for types 3 to 5; an explanation), one question edited once so it has
// versions; and a ready exam for the public page. Used by tests that visit every page.
import type { APIRequestContext } from "@playwright/test";
import { blockProperties, dragDropProperties } from "../../tests/support/image-question-properties";
import { makePng } from "../../tests/support/media-fixtures";
import { rpcOk } from "./fixtures";

export const QUESTION_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface SampleExams {
  /** The draft exam: every type, in type order, all presented, a description page and Check Answer. */
  draftId: number;
  /** Question id per type in the draft exam. */
  questionIds: Record<QuestionType, number>;
  /** The draft exam's case study, which question 1 belongs to. */
  caseStudyId: number;
  /** A ready exam: it has a public page. */
  readyId: number;
}

const IMAGE_SIZE = { width: 400, height: 300 };
const IMAGE = Buffer.from(makePng(IMAGE_SIZE.width, IMAGE_SIZE.height, [214, 226, 238])).toString("base64");

const DESCRIPTION =
  '<h2>About this exam</h2><p>It covers <strong>routing</strong>, <em>switching</em> and <a href="https://example.com/syllabus">the syllabus</a>.</p>' +
  "<ul><li>Seven questions</li><li>No negative marking</li></ul>" +
  "<table><tbody><tr><th>Part</th><th>Questions</th></tr><tr><td>Routing</td><td>4</td></tr><tr><td>Switching</td><td>3</td></tr></tbody></table>";

const CHOICES = [
  { answer: "<p><strong>Paris</strong></p>", is_correct: true, points: 1 },
  { answer: "<p>Lyon</p>", is_correct: false },
  { answer: "<p>Marseille <sub>1</sub></p>", is_correct: false },
];

/** Params of questionCreate per type (the exam id and the image added by seedSampleExams). */
const QUESTIONS: Record<QuestionType, { question: object; answers?: object[] }> = {
  1: {
    question: {
      question: "<p>What is the capital of France?</p>",
      explanation: "<p>Paris has been the capital since 987.</p>",
      points: 2,
    },
    answers: CHOICES,
  },
  2: {
    question: {
      question:
        "<p>Which numbers in the table are prime?</p><table><tbody><tr><td>2</td><td>3</td><td>4</td></tr></tbody></table>",
    },
    answers: [
      { answer: "<p>2</p>", is_correct: true, points: 1 },
      { answer: "<p>3</p>", is_correct: true, points: 1 },
      { answer: "<p>4</p>", is_correct: false, points: -1 },
    ],
  },
  3: {
    question: {
      question: "<p>Drag each label onto its part of the diagram.</p>",
      properties: dragDropProperties("pic.png"),
    },
  },
  4: {
    question: {
      question: "<p>Click the router.</p>",
      properties: {
        ...blockProperties("pic.png", IMAGE_SIZE),
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
      },
    },
  },
  5: { question: { question: "<p>Select the switches.</p>", properties: blockProperties("pic.png", IMAGE_SIZE) } },
  6: {
    question: { question: "<p>Order the layers from the bottom up.</p>" },
    answers: [
      { answer: "<p>Physical</p>", is_correct: true, order: 1 },
      { answer: "<p>Data link</p>", is_correct: true, order: 2 },
      { answer: "<p>Network</p>", is_correct: true, order: 3 },
    ],
  },
  7: {
    question: {
      question: "<p>Which planet is the largest?</p>",
      properties: {
        text_similarity: 80,
        text_answer: [
          { value: "Jupiter", points: 1 },
          { value: "Jove", points: 0 },
        ],
      },
    },
  },
};

async function createExam(
  request: APIRequestContext,
  token: string,
  title: string,
  extra: object = {},
): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 1,
      check_answer: 1,
      title,
      category: "Networking",
      code: "A11Y-1",
      evaluation_method: 1,
      passing_score: 60,
      description: DESCRIPTION,
      ...extra,
    },
  });
  return exam.id as number;
}

async function createQuestion(
  request: APIRequestContext,
  token: string,
  examId: number,
  type: QuestionType,
  extra: object = {},
): Promise<number> {
  const { question, answers } = QUESTIONS[type];
  const withImage = type >= 3 && type <= 5;
  const result = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type, ...question, ...extra },
    ...(answers ? { answers } : {}),
    ...(withImage ? { resources: { "pic.png": IMAGE } } : {}),
  });
  return result.question.id as number;
}

export async function seedSampleExams(request: APIRequestContext, token: string): Promise<SampleExams> {
  const draftId = await createExam(request, token, "Accessibility sample", {
    show_description_page: true,
    shuffle_questions: false,
    shuffle_answers: false,
    // Without weights, so that a run presents the questions as it did before the blueprint.
    domains: [
      { code: "1.0", name: "Geography", weight: 0 },
      { code: "2.0", name: "Networking", weight: 0 },
    ],
  });
  const domains = (await rpcOk(request, token, "exam.examGet", { id: draftId })).exam.domains;
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: {
      exam_id: draftId,
      name: "Contoso",
      description: "<p>Contoso has <strong>two offices</strong> joined by a VPN.</p>",
    },
  });
  const questionIds = {} as Record<QuestionType, number>;
  for (const type of QUESTION_TYPES)
    questionIds[type] = await createQuestion(request, token, draftId, type, {
      ...(type === 1 ? { case_study_id: case_study.id } : {}),
      // Every question but the last in a domain, the first ones with tags.
      ...(type < 7 ? { domain_id: domains[type % 2]!.id } : {}),
      ...(type <= 2 ? { tags: ["Capitals", "Europe"] } : {}),
    });
  // A second version of question 1, so its history compares two versions.
  await rpcOk(request, token, "exam.questionUpdate", {
    question: {
      id: questionIds[1],
      exam_id: draftId,
      type: 1,
      ...QUESTIONS[1].question,
      question: "<p>What is the capital city of France?</p>",
      case_study_id: case_study.id,
    },
    answers: QUESTIONS[1].answers,
  });
  // Every question presented (automatic handling would present 5 of 7).
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: draftId, testing_questions: QUESTION_TYPES.length } });

  const readyId = await createExam(request, token, "Accessibility sample (ready)");
  await createQuestion(request, token, readyId, 1);
  await rpcOk(request, token, "exam.examUpdateStatus", { id: readyId, ready: true, ignore_warnings: true });
  return { draftId, questionIds, caseStudyId: case_study.id as number, readyId };
}
