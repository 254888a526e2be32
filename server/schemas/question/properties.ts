// Stored `properties` per type. Field-level rules only; the rules between fields (ids unique,
// match targets exist, areas inside the image, …) are in server/domain/question-rules/ and
// server/domain/areas.ts, which parse field by field with these same schemas.
import { z } from "zod";
import { AREA_MAX_N, AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "./area-bounds";
import { describeValue, issueParams } from "../zod-issues";
import { QUESTION_TYPE, type QuestionType } from "./question-type";
import { scoringSchema } from "./scoring";

/** Plain text, not HTML: `<tag`, `</tag`, `<!--` and `<!DOCTYPE` are refused; `a < b` is fine. */
export const HTML_TAG_PATTERN = /<\/?[a-z][^>]*>|<!--|<![a-z]/i;

function areaIdSchema(forms: string) {
  const pattern = forms === "block" ? /^block-[1-9][0-9]{0,2}$/ : /^(targ|drag)-[1-9][0-9]{0,2}$/;
  const allowed = forms === "block" ? `"block-N"` : `"targ-N" (target area) or "drag-N" (draggable area)`;
  return z
    .string()
    .regex(pattern, {
      error: (iss) =>
        `must be ${allowed} with N from 1 to ${AREA_MAX_N} and no leading zeros, got ${describeValue(iss.input)}`,
    })
    .describe(`${allowed}, N from 1 to ${AREA_MAX_N} without leading zeros; unique in the question.`);
}

const areaGeometry = {
  x: z.int().min(0).describe("Pixels from the image's left edge."),
  y: z.int().min(0).describe("Pixels from the image's top edge."),
  width: z.int().min(AREA_MIN_WIDTH).describe("Pixels; x + width must not exceed the image's width."),
  height: z.int().min(AREA_MIN_HEIGHT).describe("Pixels; y + height must not exceed the image's height."),
};

const imageSchema = z.string().min(1).describe("The base image: a resources key or a stored /media/… path.");

/** The `type` of a drag & drop area by name, the values the API's numbers: 1 target, 2 draggable. */
export const AREA_TYPE = { target: 1, draggable: 2 } as const;

export type DragDropAreaType = (typeof AREA_TYPE)[keyof typeof AREA_TYPE];

export const dragDropAreaSchema = z.object({
  id: areaIdSchema("targ/drag"),
  ...areaGeometry,
  type: z
    .int()
    .refine((v) => v === AREA_TYPE.target || v === AREA_TYPE.draggable, {
      error: (iss) => `must be 1 (target area) or 2 (draggable area), got ${describeValue(iss.input)}`,
      params: issueParams("invalid_value"),
    })
    .transform((v) => v as DragDropAreaType)
    // The refinement cannot describe itself in JSON Schema.
    .meta({ enum: [AREA_TYPE.target, AREA_TYPE.draggable], description: "1 target, 2 draggable." }),
});

export const blockAreaSchema = z.object({
  id: areaIdSchema("block"),
  ...areaGeometry,
});

const fixedSize = {
  FixedHeight: z.boolean().describe("All areas share one height."),
  FixedWidth: z.boolean().describe("All areas share one width."),
};

export const dragDropOptionsSchema = z.object({
  ...fixedSize,
  OneToOneMatching: z.boolean().describe("No draggable appears twice in match."),
});

export const blockOptionsSchema = z.object({
  ...fixedSize,
  SingleAnswer: z.boolean().describe("At most one area is correct."),
});

/** Type 1 has no properties. */
export const choicePropertiesSchema = z.object({});

/** Type 2: only its scoring mode. */
export const multipleChoicePropertiesSchema = z.object({
  scoring: scoringSchema(QUESTION_TYPE.multipleChoice),
});

/** Type 3. */
export const dragDropPropertiesSchema = z.object({
  image: imageSchema,
  areas: z.array(dragDropAreaSchema),
  options: dragDropOptionsSchema,
  /** Target area id → draggable area id. */
  match: z.record(z.string(), z.string()).describe("Target area id → the draggable area id that belongs on it."),
  /** Target area id → draggable area id → points. */
  points: z
    .record(z.string(), z.record(z.string(), z.int()))
    .optional()
    .describe("Target area id → draggable area id → points for placing it there."),
  scoring: scoringSchema(QUESTION_TYPE.dragAndDrop),
});

/** Types 4 and 5. */
export const blockPropertiesSchema = z.object({
  image: imageSchema,
  areas: z.array(blockAreaSchema),
  options: blockOptionsSchema,
  /** Area id → part of the correct answer. */
  correct: z.record(z.string(), z.boolean()).describe("Area id → whether it is part of the correct answer."),
  /** Area id → points. */
  points: z.record(z.string(), z.int()).optional().describe("Area id → points for selecting it."),
  /** Types 4 and 5 take the same modes. */
  scoring: scoringSchema(QUESTION_TYPE.hotArea),
});

/** Type 6. */
export const sortPropertiesSchema = z.object({
  optional_answers: z
    .boolean()
    .default(false)
    .describe("false: every answer is part of the sequence; true: answers with is_correct false are distractors."),
  scoring: scoringSchema(QUESTION_TYPE.sort),
});

export const textAnswerValueSchema = z
  .string()
  .trim()
  .min(1)
  .refine((v) => !HTML_TAG_PATTERN.test(v), {
    error: "must be plain text, not HTML (remove the tags)",
    params: issueParams("html_not_allowed"),
  });

export const textAnswerSchema = z.object({
  value: textAnswerValueSchema.describe("An accepted answer: plain text, trimmed, not empty."),
  points: z.int().optional().describe("Points when this value is matched."),
});

/** Type 7 as stored (the older `text_similarity_answer` is converted before this). */
export const textInputPropertiesSchema = z.object({
  text_similarity: z
    .int()
    .min(0)
    .max(100)
    .describe("Least similarity (percent) for a typed answer to match an accepted value."),
  case_sensitive: z.boolean().default(false),
  text_answer: z
    .array(textAnswerSchema)
    .min(1)
    .describe("The accepted values (text_similarity_answer, one string, is accepted in its place)."),
});

export const propertiesSchemaByType = {
  [QUESTION_TYPE.singleChoice]: choicePropertiesSchema,
  [QUESTION_TYPE.multipleChoice]: multipleChoicePropertiesSchema,
  [QUESTION_TYPE.dragAndDrop]: dragDropPropertiesSchema,
  [QUESTION_TYPE.pointAndShoot]: blockPropertiesSchema,
  [QUESTION_TYPE.hotArea]: blockPropertiesSchema,
  [QUESTION_TYPE.sort]: sortPropertiesSchema,
  [QUESTION_TYPE.textInput]: textInputPropertiesSchema,
} as const satisfies Record<QuestionType, z.ZodType>;

export type ChoiceProperties = z.output<typeof choicePropertiesSchema>;
export type MultipleChoiceProperties = z.output<typeof multipleChoicePropertiesSchema>;
export type DragDropArea = z.output<typeof dragDropAreaSchema>;
export type BlockArea = z.output<typeof blockAreaSchema>;
export type DragDropProperties = z.output<typeof dragDropPropertiesSchema>;
export type BlockProperties = z.output<typeof blockPropertiesSchema>;
export type SortProperties = z.output<typeof sortPropertiesSchema>;
export type TextAnswer = z.output<typeof textAnswerSchema>;
export type TextInputProperties = z.output<typeof textInputPropertiesSchema>;

export type QuestionProperties =
  | ChoiceProperties
  | MultipleChoiceProperties
  | DragDropProperties
  | BlockProperties
  | SortProperties
  | TextInputProperties;

/** The properties of an image question (types 3, 4 and 5): a base image and areas on it. */
export type ImageProperties = DragDropProperties | BlockProperties;

/** Whether the properties are an image question's. */
export function isImageProperties(properties: QuestionProperties): properties is ImageProperties {
  return "image" in properties && "areas" in properties;
}

export type PropertiesOf<T extends QuestionType> = z.output<(typeof propertiesSchemaByType)[T]>;

/** A question's type together with its properties, discriminated by `type` (e.g. a stored row). */
export const typedQuestionPropertiesSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal(QUESTION_TYPE.singleChoice), properties: choicePropertiesSchema }),
  z.object({ type: z.literal(QUESTION_TYPE.multipleChoice), properties: multipleChoicePropertiesSchema }),
  z.object({ type: z.literal(QUESTION_TYPE.dragAndDrop), properties: dragDropPropertiesSchema }),
  z.object({
    type: z.literal([QUESTION_TYPE.pointAndShoot, QUESTION_TYPE.hotArea]),
    properties: blockPropertiesSchema,
  }),
  z.object({ type: z.literal(QUESTION_TYPE.sort), properties: sortPropertiesSchema }),
  z.object({ type: z.literal(QUESTION_TYPE.textInput), properties: textInputPropertiesSchema }),
]);

export type TypedQuestionProperties = z.output<typeof typedQuestionPropertiesSchema>;

/**
 * A stored question's type with its properties, as the discriminated union. The one place where
 * the two columns are paired: every write goes through the schema of its type
 * (question-rules), so the properties of a row are those of its type.
 */
export function typedProperties(type: number, properties: QuestionProperties): TypedQuestionProperties {
  return { type, properties } as TypedQuestionProperties;
}
