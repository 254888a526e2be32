// Params of the question methods beyond create/update (contract 3).
import { z } from "zod";
import { TAG_MAX_LENGTH } from "./blueprint";
import { acceptTestIdAlias, aliasConflict, cursor, expectedVersion, id, listLimit } from "./common";

export const questionGetParams = z.object({ id: id.describe("The question's id.") });
export const questionDeleteParams = z.object({
  id: id.describe("The question's id."),
  expected_version: expectedVersion,
});
export const questionListParams = z.preprocess(
  acceptTestIdAlias,
  z.object({
    exam_id: id.describe("The exam whose questions are listed."),
    test_id: aliasConflict,
    type: z.int().min(1).max(7).optional().describe("Only questions of this type."),
    case_study_id: id.optional().describe("Only questions of this case study."),
    external_id: z.string().max(255).optional().describe("Only the question with this external id."),
    domain_id: id
      .nullable()
      .optional()
      .describe("Only the questions of this domain of the exam; null: only those without a domain."),
    tag: z
      .string()
      .trim()
      .min(1)
      .max(TAG_MAX_LENGTH)
      .optional()
      .describe("Only the questions with this tag, compared without regard to case."),
    limit: listLimit,
    cursor: cursor.optional(),
  }),
);
export const questionReorderParams = z.preprocess(
  acceptTestIdAlias,
  z.object({
    exam_id: id.describe("The exam whose questions are reordered."),
    test_id: aliasConflict,
    question_ids: z.array(id).max(100_000).describe("Every question of the exam, once, in the new order."),
  }),
);
