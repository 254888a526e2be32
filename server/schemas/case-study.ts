// Params of the case study methods (contract 3).
import { z } from "zod";
import { acceptTestIdAlias, aliasConflict, cursor, htmlField, id, listLimit, resources } from "./common";

const name = z.string().trim().min(1).max(200);

const caseStudyCreateInput = z.preprocess(
  acceptTestIdAlias,
  z.object({ exam_id: id, test_id: aliasConflict, name, description: htmlField }),
);
/** Update is total like question update: name and description are resent every time. */
const caseStudyUpdateInput = z.preprocess(
  acceptTestIdAlias,
  z.object({ id, exam_id: id.optional(), test_id: aliasConflict, name, description: htmlField }),
);

export const CASE_STUDY_INPUT_KEYS = ["id", "exam_id", "test_id", "name", "description"] as const;

export const caseStudyCreateParams = z.object({ case_study: caseStudyCreateInput, resources: resources.optional() });
export const caseStudyUpdateParams = z.object({ case_study: caseStudyUpdateInput, resources: resources.optional() });
export const caseStudyGetParams = z.object({ id });
export const caseStudyDeleteParams = z.object({ id });
export const caseStudyListParams = z.preprocess(acceptTestIdAlias, z.object({ exam_id: id, test_id: aliasConflict, limit: listLimit, cursor: cursor.optional() }));
