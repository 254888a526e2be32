// An exam with every scoring mode of every type that takes one (contract 16.1), answer, pair and
// area points on some questions, and scenarios on each: a handful of partial responses in the API
// format (16.2) with the points our scoreQuestion gives them as expected_points. The QTI engine
// test scores every scenario in an independent engine; the round trips keep modes and scenarios.
// Test support only.
import type { ContentQuestion, ExamContent } from "../../server/formats/types";
import { BOARD, MEDIA } from "./qti3-fixture";

type Scenario = { name: string; response: Record<string, unknown>; expected_points: number };

const answer = (text: string, is_correct: boolean, order: number, points = 0) => ({
  answer: `<p>${text}</p>`,
  is_correct,
  order,
  points,
  old_id: null,
});

const blocks = [
  { id: "block-1", x: 10, y: 10, width: 100, height: 60 },
  { id: "block-2", x: 200, y: 100, width: 80, height: 50 },
  { id: "block-3", x: 300, y: 200, width: 60, height: 40 },
  { id: "block-4", x: 10, y: 200, width: 60, height: 40 },
];
/** A click inside each block. */
const click = { 1: { x: 50, y: 40 }, 2: { x: 240, y: 125 }, 3: { x: 330, y: 220 }, 4: { x: 40, y: 220 } };

function question(
  id: number,
  type: number,
  title: string,
  points: number,
  properties: Record<string, unknown>,
  answers: ContentQuestion["answers"],
  scenarios: Scenario[],
): ContentQuestion {
  return {
    id,
    type,
    question: `<p>${title}</p>`,
    explanation: "",
    external_id: `M-${id}`,
    points,
    case_study_id: null,
    properties,
    answers,
    scenarios,
  };
}

const layers = (extra: ContentQuestion["answers"] = []) => [
  answer("Physical", true, 1, 1),
  answer("Data link", true, 2),
  answer("Network", true, 3),
  answer("Transport", true, 4, 1),
  answer("Session", true, 5),
  ...extra,
];

/** One sort question per type 6 mode: the same five layers, the same responses. */
function sortQuestion(id: number, mode: string, expected: number[]): ContentQuestion {
  const responses = [
    [2, 1, 3, 4, 5],
    [5, 4, 3, 2, 1],
    [1, 3, 2, 5, 4],
    [3, 4, 5, 1, 2],
    [2, 3, 4, 5, 1],
    [1, 2, 3, 4, 5],
  ];
  return question(
    id,
    6,
    `Order the layers (${mode})`,
    2,
    { scoring: mode },
    layers(),
    responses.map((order, i) => ({
      name: `order ${order.join("")}`,
      response: { order },
      expected_points: expected[i]!,
    })),
  );
}

export function allModesExam(): ExamContent {
  const dragDrop = {
    image: BOARD,
    options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
    areas: [
      { id: "targ-1", x: 10, y: 10, width: 80, height: 40, type: 1 },
      { id: "targ-2", x: 110, y: 10, width: 80, height: 40, type: 1 },
      { id: "targ-3", x: 210, y: 10, width: 80, height: 40, type: 1 },
      { id: "targ-4", x: 310, y: 10, width: 80, height: 40, type: 1 },
      { id: "drag-1", x: 10, y: 200, width: 60, height: 40, type: 2 },
      { id: "drag-2", x: 110, y: 200, width: 60, height: 40, type: 2 },
      { id: "drag-3", x: 210, y: 200, width: 60, height: 40, type: 2 },
      { id: "drag-4", x: 310, y: 200, width: 60, height: 40, type: 2 },
    ],
    match: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3" },
    points: { "targ-1": { "drag-1": 1 }, "targ-2": { "drag-4": -1 } },
    scoring: "per_target",
  };
  const areas = (single: boolean, correct: Record<string, boolean>, points: Record<string, number>) => ({
    image: BOARD,
    options: { FixedHeight: false, FixedWidth: false, SingleAnswer: single },
    areas: blocks,
    correct,
    points,
    scoring: "per_area",
  });
  return {
    exam: {
      type: 1,
      check_answer: 1,
      title: "Every scoring mode",
      category: "Scoring",
      code: "MODES",
      shuffle_questsion: false,
      shuffle_answers: false,
      testing: { auto: false, locked_questions: 12, time_mode: "fixed", fixed_time: 30 },
      evaluation_method: 2,
      passing_score: 50,
      show_description_page: false,
      show_standard_introduction: false,
      description: "",
    },
    caseStudies: [],
    questions: [
      question(
        201,
        2,
        "Which are private ranges? (per_answer)",
        2,
        { scoring: "per_answer" },
        [
          answer("10/8", true, 1, 1),
          answer("172.16/12", true, 2),
          answer("192.168/16", true, 3),
          answer("8.8.8/24", false, 4, -1),
          answer("1.1.1/24", false, 5),
        ],
        [
          { name: "one right", response: { answers: [1] }, expected_points: 1.67 },
          { name: "two right", response: { answers: [1, 2] }, expected_points: 2.33 },
          { name: "one right one wrong", response: { answers: [1, 4] }, expected_points: 0 },
          { name: "two wrong", response: { answers: [4, 5] }, expected_points: -1 },
          { name: "all but one wrong", response: { answers: [2, 3, 4] }, expected_points: -0.33 },
          { name: "key", response: { answers: [1, 2, 3] }, expected_points: 3 },
        ],
      ),
      question(
        202,
        2,
        "Which are ports of mail? (all_or_nothing)",
        1,
        { scoring: "all_or_nothing" },
        [answer("25", true, 1), answer("587", true, 2, 1), answer("80", false, 3)],
        [
          { name: "one of two", response: { answers: [2] }, expected_points: 1 },
          { name: "key", response: { answers: [1, 2] }, expected_points: 2 },
        ],
      ),
      question(
        203,
        3,
        "Drag each label (per_target)",
        3,
        dragDrop,
        [],
        [
          { name: "one target", response: { placements: { "targ-1": "drag-1" } }, expected_points: 2 },
          {
            name: "two targets",
            response: { placements: { "targ-1": "drag-1", "targ-2": "drag-2" } },
            expected_points: 3,
          },
          {
            name: "a penalised pair",
            response: { placements: { "targ-1": "drag-1", "targ-2": "drag-4" } },
            expected_points: 0,
          },
          {
            name: "a target that stays empty",
            response: { placements: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-4": "drag-3" } },
            expected_points: 2,
          },
          { name: "swapped", response: { placements: { "targ-1": "drag-2", "targ-2": "drag-1" } }, expected_points: 0 },
          {
            name: "key",
            response: { placements: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3" } },
            expected_points: 4,
          },
        ],
      ),
      question(
        204,
        4,
        "Click the routers (per_area, several clicks)",
        2,
        areas(false, { "block-1": true, "block-2": true, "block-3": true }, { "block-1": 1, "block-4": -1 }),
        [],
        [
          { name: "one router", response: { clicks: [click[1]] }, expected_points: 1.67 },
          { name: "two routers", response: { clicks: [click[2], click[3]] }, expected_points: 1.33 },
          { name: "a router and a switch", response: { clicks: [click[1], click[4]] }, expected_points: 0 },
          { name: "key", response: { clicks: [click[1], click[2], click[3]] }, expected_points: 3 },
        ],
      ),
      question(
        205,
        4,
        "Click the router (per_area, one click, one correct area: all or nothing)",
        2,
        areas(true, { "block-2": true }, { "block-2": 1, "block-3": -1 }),
        [],
        [
          { name: "the router", response: { clicks: [click[2]] }, expected_points: 3 },
          { name: "a switch", response: { clicks: [click[3]] }, expected_points: -1 },
          { name: "another box", response: { clicks: [click[1]] }, expected_points: 0 },
        ],
      ),
      question(
        206,
        5,
        "Select the switches (per_area)",
        3,
        areas(false, { "block-1": true, "block-2": true, "block-3": true }, { "block-3": 1, "block-4": -1 }),
        [],
        [
          { name: "one switch", response: { areas: ["block-1"] }, expected_points: 1 },
          {
            name: "two switches and a router",
            response: { areas: ["block-1", "block-3", "block-4"] },
            expected_points: 1,
          },
          { name: "the router alone", response: { areas: ["block-4"] }, expected_points: -1 },
          { name: "key", response: { areas: ["block-1", "block-2", "block-3"] }, expected_points: 4 },
        ],
      ),
      sortQuestion(207, "absolute_position", [3.2, 2.4, 2.4, 2, 2, 4]),
      sortQuestion(208, "relative_next", [3, 2, 2, 3.5, 3.5, 4]),
      sortQuestion(209, "longest_ordered_subset", [3.6, 2.4, 3.2, 3.2, 3.6, 4]),
      sortQuestion(210, "longest_contiguous_subset", [3.2, 2.4, 2.4, 3.2, 3.6, 4]),
      question(
        211,
        6,
        "Order the layers, leaving out the distractors (longest_ordered_subset)",
        2,
        { scoring: "longest_ordered_subset", optional_answers: true },
        layers([answer("Kitchen", false, 6, -1), answer("Garden", false, 7)]),
        [
          { name: "a distractor inside", response: { order: [1, 6, 2, 3, 4, 5] }, expected_points: 3 },
          { name: "three and a distractor", response: { order: [3, 1, 7, 4] }, expected_points: 2.8 },
          { name: "one answer", response: { order: [4] }, expected_points: 1.4 },
        ],
      ),
      question(
        212,
        6,
        "Order the layers, leaving out the distractors (relative_next)",
        2,
        { scoring: "relative_next", optional_answers: true },
        layers([answer("Kitchen", false, 6)]),
        [
          { name: "a distractor inside", response: { order: [1, 2, 6, 3, 4, 5] }, expected_points: 3.5 },
          { name: "the first three", response: { order: [1, 2, 3] }, expected_points: 2 },
        ],
      ),
    ],
    media: MEDIA,
  };
}
