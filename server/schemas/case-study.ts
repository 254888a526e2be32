// Params of the case study methods (contract 3).
import { z } from "zod";
import {
  acceptTestIdAlias,
  aliasConflict,
  cursor,
  expectedVersion,
  htmlField,
  id,
  listLimit,
  resources,
} from "./common";

/** A case study's name (also in an imported file). */
export const caseStudyName = z.string().trim().min(1).max(200).describe("Trimmed, not empty.");
const description = htmlField.describe("HTML (links and YouTube embeds allowed).");
const examId = id.describe("The owning exam.");

const caseStudyCreateInput = z.preprocess(
  acceptTestIdAlias,
  z.object({ exam_id: examId, test_id: aliasConflict, name: caseStudyName, description }),
);
/** Update is total like question update: name and description are resent every time. */
const caseStudyUpdateInput = z.preprocess(
  acceptTestIdAlias,
  z.object({
    id: id.describe("The case study to update."),
    exam_id: examId.optional().describe("Its own exam, if sent; a case study cannot move to another exam."),
    test_id: aliasConflict,
    name: caseStudyName,
    description,
  }),
);

export const CASE_STUDY_INPUT_KEYS = ["id", "exam_id", "test_id", "name", "description"] as const;

export const caseStudyCreateParams = z.object({ case_study: caseStudyCreateInput, resources: resources.optional() });
export const caseStudyUpdateParams = z.object({
  case_study: caseStudyUpdateInput,
  resources: resources.optional(),
  expected_version: expectedVersion,
});
export const caseStudyGetParams = z.object({ id: id.describe("The case study's id.") });
export const caseStudyDeleteParams = z.object({
  id: id.describe("The case study's id; refused while questions use it."),
  expected_version: expectedVersion,
});
export const caseStudyListParams = z.preprocess(
  acceptTestIdAlias,
  z.object({ exam_id: examId, test_id: aliasConflict, limit: listLimit, cursor: cursor.optional() }),
);
