import { auditToApi, listAudit } from "../data/audit";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { getExamOrThrow } from "../data/exams";
import { unknownFieldsWarning } from "../schemas/common";
import { HISTORY_LIST_KEYS, historyListParams } from "../schemas/history";
import { defineOperation } from "../operation";

export const historyList = defineOperation({
  method: "exam.historyList",
  access: "read",
  summary:
    "List an exam's history (every write to it, its questions and case studies), newest first; optionally one object's.",
  params: historyListParams,
  inspect: (raw) => [unknownFieldsWarning(raw, HISTORY_LIST_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "exam_id" });
    const beforeId = input.cursor ? (decodeCursor(input.cursor, ["int8"])[0] as number) : undefined;
    const rows = await listAudit(ctx.db, ctx, {
      examId: input.exam_id,
      objectType: input.object_type,
      objectId: input.object_id,
      beforeId,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    return {
      entries: page.map(auditToApi),
      next_cursor: rows.length > input.limit ? encodeCursor([page[page.length - 1]!.id]) : null,
    };
  },
});
