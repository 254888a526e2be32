// Params of the question methods beyond create/update (contract 3).
import { z } from "zod";
import { acceptTestIdAlias, aliasConflict, cursor, id, listLimit } from "./common";

export const questionGetParams = z.object({ id });
export const questionDeleteParams = z.object({ id });
export const questionListParams = z.preprocess(
  acceptTestIdAlias,
  z.object({
    exam_id: id,
    test_id: aliasConflict,
    type: z.int().min(1).max(7).optional(),
    case_study_id: id.optional(),
    external_id: z.string().max(255).optional(),
    limit: listLimit,
    cursor: cursor.optional(),
  }),
);
export const questionReorderParams = z.preprocess(
  acceptTestIdAlias,
  z.object({ exam_id: id, test_id: aliasConflict, question_ids: z.array(id).max(100_000) }),
);
