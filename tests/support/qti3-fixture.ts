// An exam for the qti3 tests: every question type, case studies (one with media), media in
// questions, answers and the description, HTML that QTI's content model takes differently
// (audio in a paragraph, u and s, an image without alt, a YouTube embed), and every exam setting
// away from its default. Test support only.
import { encodePng, type RgbaImage } from "../../server/formats/raster";
import type { ExamContent } from "../../server/formats/types";

function png(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([rgb[0], rgb[1], (rgb[2] + i) % 256, 255], i * 4);
  const image: RgbaImage = { width, height, data };
  return encodePng(image);
}

export const BOARD = `/media/${"b".repeat(64)}.png`;
export const PICTURE = `/media/${"c".repeat(64)}.png`;
export const SOUND = `/media/${"d".repeat(64)}.mp3`;
export const INTRO = `/media/${"e".repeat(64)}.png`;

export const MEDIA: ReadonlyMap<string, Uint8Array> = new Map([
  [BOARD, png(400, 300, [240, 240, 240])],
  [PICTURE, png(30, 30, [0, 200, 0])],
  [SOUND, Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])],
  [INTRO, png(40, 20, [0, 0, 255])],
]);

const dragDrop = {
  image: BOARD,
  options: { FixedHeight: true, FixedWidth: false, OneToOneMatching: true },
  areas: [
    { id: "targ-1", x: 10, y: 10, width: 100, height: 40, type: 1 },
    { id: "drag-1", x: 10, y: 200, width: 80, height: 40, type: 2 },
    { id: "targ-2", x: 150, y: 10, width: 100, height: 40, type: 1 },
    { id: "drag-2", x: 150, y: 200, width: 90, height: 40, type: 2 },
    { id: "drag-3", x: 280, y: 200, width: 60, height: 40, type: 2 },
  ],
  match: { "targ-1": "drag-1", "targ-2": "drag-2" },
  points: { "targ-1": { "drag-1": 2, "drag-3": -1 }, "targ-2": { "drag-2": 1 } },
};

const blocks = {
  image: BOARD,
  options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
  areas: [
    { id: "block-1", x: 10, y: 10, width: 100, height: 60 },
    { id: "block-2", x: 200, y: 100, width: 80, height: 50 },
    { id: "block-3", x: 300, y: 200, width: 60, height: 40 },
  ],
  correct: { "block-1": true, "block-2": true, "block-3": false },
  points: { "block-1": 1, "block-3": -2 },
};

export function allTypesExam(): ExamContent {
  return {
    exam: {
      type: 1,
      check_answer: 1,
      title: "Networking round trip",
      category: "Networking",
      code: "NET-RT",
      shuffle_questsion: false,
      shuffle_answers: false,
      testing: { auto: false, locked_questions: 5, time_mode: "fixed", fixed_time: 20 },
      evaluation_method: 2,
      passing_score: 65,
      show_description_page: true,
      show_standard_introduction: false,
      description: `<p>Read this first <img src="${INTRO}" alt="intro" /></p>`,
    },
    caseStudies: [
      { id: 10, name: "Contoso", description: `<p>Two offices <img src="${PICTURE}" alt="office" /></p>` },
      { id: 11, name: "Fabrikam", description: "<p>One office</p>" },
    ],
    questions: [
      {
        id: 101,
        type: 1,
        question: `<p>Which port? <img src="${PICTURE}" alt="a picture" /></p>`,
        explanation:
          '<p>See <a href="https://example.com/ports" rel="noopener noreferrer">ports</a>.</p><iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>',
        external_id: "Q-1",
        points: 2,
        case_study_id: 10,
        properties: {},
        answers: [
          { answer: "<p>443</p>", is_correct: true, order: 1, points: 3, old_id: 7 },
          {
            answer: `<p>80 <audio src="${SOUND}" controls></audio></p>`,
            is_correct: false,
            order: 2,
            points: -1,
            old_id: "b",
          },
        ],
      },
      {
        id: 102,
        type: 2,
        question: '<p>Which are <u>private</u> <s>public</s> ranges? a &lt; b &amp; "c"</p>',
        explanation: "",
        external_id: "Q-2",
        points: 0,
        case_study_id: 10,
        properties: {},
        answers: [
          { answer: "<p>10.0.0.0/8</p>", is_correct: true, order: 1, points: 1, old_id: null },
          { answer: "<p>192.168.0.0/16</p>", is_correct: true, order: 2, points: 1, old_id: null },
          { answer: `8.8.8.0/24 <img src="${PICTURE}" />`, is_correct: false, order: 3, points: -2, old_id: null },
        ],
      },
      {
        id: 103,
        type: 3,
        question: "<p>Drag each label</p>",
        explanation: "",
        external_id: "Q-3",
        points: 1,
        case_study_id: 11,
        properties: dragDrop,
        answers: [],
      },
      {
        id: 104,
        type: 4,
        question: "<p>Click the routers</p>",
        explanation: "",
        external_id: "Q 4",
        points: 1,
        case_study_id: null,
        properties: blocks,
        answers: [],
      },
      {
        id: 105,
        type: 5,
        question: "<p>Select the switches</p>",
        explanation: "<p>Switches are boxes.</p>",
        external_id: null,
        points: 3,
        case_study_id: null,
        properties: { ...blocks, options: { ...blocks.options, SingleAnswer: false } },
        answers: [],
      },
      {
        id: 106,
        type: 6,
        question: "<p>Order the layers</p>",
        explanation: "",
        external_id: "Q-6",
        points: 1,
        case_study_id: null,
        properties: { optional_answers: true },
        answers: [
          { answer: "<p>Physical</p>", is_correct: true, order: 1, points: 1, old_id: null },
          { answer: "<p>Kitchen</p>", is_correct: false, order: 2, points: 0, old_id: null },
          { answer: "<p>Data link</p>", is_correct: true, order: 3, points: 1, old_id: null },
        ],
      },
      {
        id: 107,
        type: 7,
        question: '<p style="text-align: center">Name the protocol</p>',
        explanation: "",
        external_id: "Q-7",
        points: 1,
        case_study_id: null,
        properties: {
          text_similarity: 100,
          case_sensitive: true,
          text_answer: [{ value: "HTTPS", points: 2 }, { value: "HTTP over TLS" }],
        },
        answers: [],
      },
      {
        id: 108,
        type: 7,
        question: "<p>Name the port of HTTPS</p>",
        explanation: "",
        external_id: "Q-8",
        points: 1,
        case_study_id: null,
        properties: { text_similarity: 80, case_sensitive: false, text_answer: [{ value: "four four three" }] },
        answers: [],
      },
      {
        id: 109,
        type: 4,
        question: "<p>Click the firewall</p>",
        explanation: "",
        external_id: "Q-9",
        points: 2,
        case_study_id: null,
        properties: {
          ...blocks,
          options: { ...blocks.options, SingleAnswer: true },
          correct: { "block-2": true },
          points: { "block-2": 1 },
        },
        answers: [],
      },
    ],
    media: MEDIA,
  };
}

/**
 * allTypesExam with a blueprint (contract 15.1, 15.3): two weighted domains, one of them with a
 * code that is no QTI identifier and a "/" in its name, and an empty domain weighted 0; the
 * questions' domains interleaved in the exam's order, some questions without one, some tags.
 */
export function blueprintExam(): ExamContent {
  const content = allTypesExam();
  content.domains = [
    { code: "1.0", name: "Network Fundamentals", weight: 60 },
    { code: "SEC", name: "Security / Access", weight: 40 },
    { code: "3 x", name: "Empty domain", weight: 0 },
  ];
  const domainOf: Record<number, string | null> = {
    101: "1.0",
    102: "SEC",
    103: "1.0",
    104: null,
    105: "SEC",
    106: "1.0",
    107: null,
    108: "SEC",
    109: "1.0",
  };
  const tagsOf: Record<number, string[]> = { 101: ["ports", "TLS"], 107: ["dns & names"], 108: ["ports"] };
  for (const q of content.questions) {
    q.domain = domainOf[q.id] ?? null;
    q.tags = tagsOf[q.id] ?? [];
  }
  return content;
}
