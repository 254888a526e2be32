// Params of exam.historyList (contract 12): an exam's audit log, newest first.
import { z } from "zod";
import { acceptTestIdAlias, aliasConflict, cursor, id, listLimit } from "./common";
import { issueParams } from "./zod-issues";

export const HISTORY_OBJECT_TYPES = ["exam", "question", "case_study"] as const;
export type HistoryObjectType = (typeof HISTORY_OBJECT_TYPES)[number];

export const HISTORY_LIST_KEYS = ["exam_id", "test_id", "object_type", "object_id", "limit", "cursor"] as const;

export const historyListParams = z.preprocess(
  acceptTestIdAlias,
  z
    .object({
      exam_id: id,
      test_id: aliasConflict,
      object_type: z.enum(HISTORY_OBJECT_TYPES).optional(),
      object_id: id.optional(),
      limit: listLimit,
      cursor: cursor.optional(),
    })
    // An object id alone is ambiguous: a question and a case study may share a number.
    .superRefine((value, ctx) => {
      if (value.object_id !== undefined && value.object_type === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["object_type"],
          params: issueParams("required"),
          message: `is required with object_id: one of ${HISTORY_OBJECT_TYPES.map((t) => JSON.stringify(t)).join(", ")}`,
        });
      }
    }),
);
