import { decodeCursor, encodeCursor } from "../data/cursor";
import { listExams } from "../data/exam-list";
import { callerWorkspace } from "../data/workspaces";
import { domainsOfExams } from "../data/domains";
import { examToApi } from "../data/exams";
import { withDomains } from "../steps/blueprint";
import { examListParams } from "../schemas/exam";
import { defineOperation } from "../operation";

export const examList = defineOperation({
  method: "exam.examList",
  access: "read",
  summary:
    "List the exams of the caller's workspace (a token's own; the web app's current one), most recently updated first.",
  result: {
    exams: "One page of exams, each as examGet answers it.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: examListParams,
  async run(ctx, input) {
    const [updatedAt, id] = input.cursor ? (decodeCursor(input.cursor, ["timestamp", "int4"]) as [string, number]) : [];
    const after = updatedAt !== undefined && id !== undefined ? { updatedAt, id } : undefined;
    const rows = await listExams(
      ctx.db,
      await callerWorkspace(ctx.db, ctx),
      { query: input.query, category: input.category, status: input.status, after },
      input.limit + 1,
    );
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    const domains = await domainsOfExams(
      ctx.db,
      page.map((row) => row.id),
    );
    return {
      exams: page.map((row) => withDomains(examToApi(row), domains.get(row.id) ?? [])),
      next_cursor: rows.length > input.limit && last ? encodeCursor([last.updatedAt.toISOString(), last.id]) : null,
    };
  },
});
