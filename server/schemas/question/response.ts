// A candidate's response in the API's format (contract 16.2) and a question's scenarios (16.3
// point 1). Answers are named by their 1-based position in the question's answer list (sorted by
// `order`), areas by their id. Only the shape is checked here; whether a position or area exists,
// and whether the field fits the question's type, is for server/domain/scoring/response-format.ts,
// which needs the question (a stored scenario may name an answer the question no longer has).
import { z } from "zod";
import { issueParams } from "../zod-issues";

export const SCENARIOS_MAX = 50;
export const SCENARIO_NAME_MAX = 100;
/** Entries of one list in a response (answers, clicks, areas, order); above every limit of a question. */
export const RESPONSE_LIST_MAX = 500;
export const RESPONSE_TEXT_MAX = 10_000;
const AREA_ID_MAX = 64;

const position = z.int().min(1).max(RESPONSE_LIST_MAX);
const areaId = z.string().min(1).max(AREA_ID_MAX);

export const RESPONSE_FIELDS = ["answer", "answers", "placements", "clicks", "areas", "order", "text"] as const;
export type ResponseField = (typeof RESPONSE_FIELDS)[number];

export const responseSchema = z
  .strictObject({
    answer: position.optional().describe("Type 1: the position of the chosen answer."),
    answers: z
      .array(position)
      .max(RESPONSE_LIST_MAX)
      .optional()
      .describe("Type 2: the positions of the chosen answers."),
    placements: z
      .record(areaId, areaId)
      .optional()
      .describe("Type 3: target area id → the draggable area id placed on it."),
    clicks: z
      .array(z.strictObject({ x: z.number(), y: z.number() }))
      .max(RESPONSE_LIST_MAX)
      .optional()
      .describe("Type 4: clicks in image pixels; the area under each is selected (two on one area select it once)."),
    areas: z.array(areaId).max(RESPONSE_LIST_MAX).optional().describe("Type 5: the ids of the areas selected."),
    order: z
      .array(position)
      .max(RESPONSE_LIST_MAX)
      .optional()
      .describe("Type 6: the positions of the answers put in the sequence, in their order."),
    text: z.string().max(RESPONSE_TEXT_MAX).optional().describe("Type 7: the typed text."),
  })
  .refine((r) => RESPONSE_FIELDS.filter((f) => r[f] !== undefined).length <= 1, {
    error: (iss) =>
      `holds ${RESPONSE_FIELDS.filter((f) => (iss.input as Record<string, unknown>)[f] !== undefined)
        .map((f) => JSON.stringify(f))
        .join(" and ")}; a response has the one field of its question's type (or none: unanswered)`,
    params: issueParams("conflict"),
  })
  .describe(
    'A response (contract 16.2), by type: 1 {answer: 2}, 2 {answers: [1, 3]}, 3 {placements: {"targ-1": "drag-2"}}, 4 {clicks: [{x, y}]}, 5 {areas: ["block-1"]}, 6 {order: [3, 1, 2]}, 7 {text: "…"}. Answers by 1-based position in the answer list sorted by order, areas by id. {} or nothing chosen: unanswered.',
  );

export type ApiResponse = z.output<typeof responseSchema>;

export const scenarioSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(SCENARIO_NAME_MAX)
    .describe(`Trimmed, 1 to ${SCENARIO_NAME_MAX} characters, unique within the question.`),
  response: responseSchema,
  expected_points: z.number().describe("The points the response must earn (compared to 2 decimals)."),
});

export type Scenario = z.output<typeof scenarioSchema>;

/** A second scenario of one name (compared as stored: trimmed, case kept) is an error at the second. */
function uniqueNames(scenarios: readonly { name: string }[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, number>();
  scenarios.forEach((s, i) => {
    if (typeof s.name !== "string") return;
    const earlier = seen.get(s.name);
    if (earlier === undefined) return void seen.set(s.name, i);
    ctx.addIssue({
      code: "custom",
      path: [i, "name"],
      message: `${JSON.stringify(s.name)} is also the name of scenarios[${earlier}]; names are unique within the question`,
      params: { ...issueParams("duplicate"), details: { other: `scenarios[${earlier}]` } },
    });
  });
}

export const scenariosField = z
  .array(scenarioSchema)
  .max(SCENARIOS_MAX)
  .superRefine(uniqueNames)
  .describe(
    `0 to ${SCENARIOS_MAX} scenarios {name, response, expected_points} that exam.questionTest runs (contract 16.3). questionUpdate: left out keeps the stored ones, [] clears them.`,
  );
