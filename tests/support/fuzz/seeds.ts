// Valid params for every method, as templates: where the mutations start, so that a generated
// call gets past the first check and reaches the deeper ones. Every method has the example the API
// reference shows for it (server/docs: hand-written or generated from its schema) with its ids
// pointed at the world's objects, so a method added to the registry is fuzzed without editing
// this file; the methods with much to check (questions of every type, media) have more.
import { methodDoc } from "@/server/docs/reference";
import { OPERATIONS } from "@/server/rpc/registry";
import * as shared from "../image-question-properties";
import { makePng } from "../media-fixtures";
import { base64, IMAGE_H, IMAGE_W, MEDIA, VALID_FILES } from "./media";
import { Ref, type RefName, type Template } from "./template";

/** Which world object an id field of a method's example names. */
function refForId(method: string, key: string): Ref | null {
  const noun = /^exam\.(exam|question|caseStudy|history|comment)/.exec(method)?.[1] ?? "exam";
  switch (key) {
    case "question_id":
      return new Ref("question1");
    case "exam_id":
    case "test_id":
      return new Ref("exam");
    case "case_study_id":
      return new Ref("caseStudy");
    case "object_id":
      return new Ref("question1");
    case "id":
      return new Ref(
        noun === "question"
          ? "question1"
          : noun === "caseStudy"
            ? "caseStudy"
            : noun === "comment"
              ? "comment"
              : "exam",
      );
    default:
      return null;
  }
}

/** The reference's example with its ids replaced by references to the world. */
function fromReference(method: string, value: unknown, key = ""): Template {
  if (key === "question_ids" && Array.isArray(value)) return new Ref("questionIds");
  // questionCopy's sources: a question of the world, once (a repeated id is refused).
  if (key === "ids" && Array.isArray(value)) return [new Ref("question1")];
  if (typeof value === "number" && Number.isInteger(value)) return refForId(method, key) ?? value;
  if (Array.isArray(value)) return value.map((v) => fromReference(method, v));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromReference(method, v, k)]));
  }
  return value as Template;
}

const PNG = base64(VALID_FILES.png!);
/** The world's image size in a new colour: a resource the store does not hold yet. */
const BOARD = base64(makePng(IMAGE_W, IMAGE_H, [0, 128, 0]));

export const dragDropProperties = (image: Template): Template => shared.dragDropProperties(image);

export const blockProperties = (image: Template): Template =>
  shared.blockProperties(image, { width: IMAGE_W, height: IMAGE_H });

const choiceAnswers = (correct: number[]): Template =>
  ["<p>Alpha</p>", "<p>Beta</p>", "<p>Gamma</p>"].map((answer, i) => ({
    answer,
    is_correct: correct.includes(i),
    old_id: i % 2 ? `a${i}` : i,
    points: i,
  }));

/** A valid `question` object and answers of each type, in the world's exam. */
export function questionOfType(type: number, extra: Record<string, Template> = {}): { [key: string]: Template } {
  const question = (properties?: Template): { [key: string]: Template } => ({
    exam_id: new Ref("exam"),
    type,
    question: `<p>Fuzz question of type ${type}</p>`,
    explanation: '<p>See <a href="https://example.com/why">why</a>.</p>',
    points: 2,
    ...(properties === undefined ? {} : { properties }),
    ...extra,
  });
  switch (type) {
    case 1:
      return { question: question(), answers: choiceAnswers([0]) };
    case 2:
      return { question: question(), answers: choiceAnswers([0, 2]) };
    case 3:
      return { question: question(dragDropProperties(MEDIA.png)) };
    case 4:
    case 5:
      return { question: question(blockProperties(MEDIA.png)) };
    case 6:
      return {
        question: question({ optional_answers: true }),
        answers: [
          { answer: "<p>First</p>", is_correct: true, order: 1 },
          { answer: "<p>Second</p>", is_correct: true, order: 2 },
          { answer: "<p>Never</p>", is_correct: false, order: 3 },
        ],
      };
    default:
      return {
        question: question({
          text_similarity: 80,
          case_sensitive: false,
          text_answer: [{ value: "Paris" }, { value: "Paris, France", points: 1 }],
        }),
      };
  }
}

const TYPES = [1, 2, 3, 4, 5, 6, 7] as const;

type Obj = { [key: string]: Template };

/** `seed` with fields of its `question` object replaced, and more params. */
function withQuestion(seed: Obj, fields: Obj, more: Obj = {}): Obj {
  return { ...seed, question: { ...(seed.question as Obj), ...fields }, ...more };
}
const questionRef = (type: number) => new Ref(`question${type}` as RefName);

/** More valid params for the methods with much to check. */
const EXTRA_SEEDS: Record<string, () => Template[]> = {
  "exam.examCreate": (): Template[] => [
    {
      exam: {
        type: 3,
        title: "Fuzz exam",
        category: "Fuzz",
        code: "FZ-1",
        evaluation_method: 2,
        passing_score: 50,
        check_answer: 1,
        shuffle_questions: false,
        shuffle_answers: true,
        testing_questions: 5,
        testing_time: -1,
        show_description_page: true,
        show_standard_introduction: false,
        description:
          '<p>Intro <img src="img/intro.png" alt="intro"> <audio src="/media/x.mp3"></audio></p><iframe src="https://www.youtube.com/embed/abc"></iframe>',
      },
      resources: { "img/intro.png": PNG, "/media/x.mp3": base64(VALID_FILES.mp3!) },
    },
    {
      exam: {
        type: 1,
        title: "Quiz",
        category: "Q",
        code: "Q-1",
        evaluation_method: 4,
        passing_score: 10,
        description: `<p><img src="${MEDIA.png}"></p>`,
      },
    },
  ],
  "exam.examUpdate": (): Template[] => [
    {
      exam: {
        id: new Ref("exam"),
        description: '<p><img src="pic.png"></p>',
        testing_questions: 0,
        testing_time: 30,
        passing_score: 60,
      },
      resources: { "pic.png": PNG },
    },
    {
      exam: {
        id: new Ref("exam2"),
        type: 3,
        testing_time: 0,
        evaluation_method: 3,
        shuffle_questsion: true,
        shuffle_questions: true,
      },
    },
  ],
  "exam.examList": (): Template[] => [
    { query: "fuzz", category: "Fuzz", status: "draft", limit: 1 },
    { limit: 1, cursor: new Ref("examCursor") },
  ],
  "exam.examUpdateStatus": (): Template[] => [
    { id: new Ref("exam"), ready: true, ignore_warnings: true },
    { id: new Ref("exam"), ready: false },
    { id: new Ref("exam2"), ready: true },
  ],
  "exam.questionCreate": (): Template[] => [
    ...TYPES.map((type) => questionOfType(type)),
    withQuestion(
      questionOfType(3),
      { properties: dragDropProperties("img/board.png") },
      { resources: { "img/board.png": BOARD } },
    ),
    withQuestion(
      questionOfType(5),
      { properties: blockProperties("board.png") },
      { resources: { "board.png": BOARD } },
    ),
    {
      ...questionOfType(1, { case_study_id: new Ref("caseStudy"), external_id: "fuzz-ext" }),
      answers: [
        { answer: '<p><img src="a.png"></p>', is_correct: true },
        { answer: '<p><audio src="s.mp3" controls></audio></p>', is_correct: false },
      ],
      resources: { "a.png": PNG, "s.mp3": base64(VALID_FILES.mp3!) },
    },
    {
      question: {
        test_id: new Ref("exam"),
        type: 7,
        question: "<p>Capital?</p>",
        properties: { text_similarity: 100, text_similarity_answer: "Paris" },
      },
    },
  ],
  "exam.questionUpdate": (): Template[] =>
    TYPES.map((type) => withQuestion(questionOfType(type), { id: questionRef(type) })),
  "exam.questionGet": () => TYPES.map((type) => ({ id: questionRef(type) })),
  "exam.questionList": (): Template[] => [
    { exam_id: new Ref("exam"), type: 3, limit: 2, cursor: new Ref("questionCursor") },
    { test_id: new Ref("exam"), case_study_id: new Ref("caseStudy"), external_id: "x" },
  ],
  "exam.questionDelete": (): Template[] => [{ id: questionRef(6) }],
  "exam.caseStudyCreate": (): Template[] => [
    {
      case_study: { exam_id: new Ref("exam2"), name: "Fuzz case", description: '<p><img src="c.png"></p>' },
      resources: { "c.png": PNG },
    },
  ],
  "exam.caseStudyUpdate": (): Template[] => [
    {
      case_study: { id: new Ref("caseStudy2"), exam_id: new Ref("exam2"), name: "Renamed", description: "<p>New</p>" },
    },
  ],
  "exam.caseStudyList": (): Template[] => [{ test_id: new Ref("exam"), limit: 1, cursor: new Ref("caseStudyCursor") }],
  "exam.commentCreate": (): Template[] => [
    { question_id: new Ref("question3"), body: "  Line one\r\nline two\twith <b>tags</b> & 😀  " },
    { question_id: new Ref("question7"), body: "x".repeat(5_000) },
  ],
  "exam.commentResolve": (): Template[] => [{ id: new Ref("comment"), resolved: false }],
  "exam.commentList": (): Template[] => [
    { question_id: new Ref("question1"), limit: 1, cursor: new Ref("commentCursor") },
  ],
  "exam.historyList": (): Template[] => [
    { exam_id: new Ref("exam"), object_type: "question", object_id: new Ref("question3"), limit: 3 },
    {
      exam_id: new Ref("exam"),
      object_type: "case_study",
      object_id: new Ref("caseStudy"),
      cursor: new Ref("historyCursor"),
    },
  ],
};

/** Valid params (as templates) for each method of the registry, by method name. */
export function methodSeeds(): Map<string, Template[]> {
  const seeds = new Map<string, Template[]>();
  for (const op of OPERATIONS) {
    seeds.set(op.method, [fromReference(op.method, methodDoc(op).example), ...(EXTRA_SEEDS[op.method]?.() ?? [])]);
  }
  return seeds;
}
