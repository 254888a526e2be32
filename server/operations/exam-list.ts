import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { exam } from "@/db/schema";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { examToApi } from "../data/exams";
import { examListParams } from "../schemas/exam";
import { defineOperation } from "./define";

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const examList = defineOperation({
  method: "exam.examList",
  summary: "List the caller's exams, most recently updated first.",
  result: {
    exams: "One page of exams, each as examGet answers it.",
    next_cursor: "Cursor of the next page, or null on the last page.",
  },
  params: examListParams,
  async run(ctx, input) {
    const where: SQL[] = [eq(exam.ownerId, ctx.actor.userId)];
    if (input.query) {
      const pattern = `%${likeEscape(input.query)}%`;
      where.push(or(ilike(exam.title, pattern), ilike(exam.code, pattern), ilike(exam.category, pattern))!);
    }
    if (input.category !== undefined) where.push(eq(exam.category, input.category));
    if (input.status !== undefined) where.push(eq(exam.status, input.status));
    if (input.cursor) {
      const [updatedAt, id] = decodeCursor(input.cursor, ["timestamp", "int4"]) as [string, number];
      where.push(sql`(${exam.updatedAt}, ${exam.id}) < (${updatedAt}::timestamptz, ${id})`);
    }
    const rows = await ctx.db
      .select()
      .from(exam)
      .where(and(...where))
      .orderBy(desc(exam.updatedAt), desc(exam.id))
      .limit(input.limit + 1);
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      exams: page.map(examToApi),
      next_cursor: rows.length > input.limit && last ? encodeCursor([last.updatedAt.toISOString(), last.id]) : null,
    };
  },
});
