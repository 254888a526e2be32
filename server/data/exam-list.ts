// One page of a workspace's exams (examList): filtered by a text query, category and status, most
// recently updated first, after a keyset cursor.
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam } from "@/db/schema";
import type { ExamRow } from "./exams";

export interface ExamListFilter {
  /** Part of the title, code or category, any case. */
  query?: string;
  category?: string;
  status?: "draft" | "ready";
  /** The (updated_at, id) of the last exam of the previous page. */
  after?: { updatedAt: string; id: number };
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the exams of `workspaceId` (whose membership the caller has checked). */
export function listExams(db: Db, workspaceId: number, filter: ExamListFilter, limit: number): Promise<ExamRow[]> {
  const where: SQL[] = [eq(exam.workspaceId, workspaceId)];
  if (filter.query) {
    const pattern = `%${likeEscape(filter.query)}%`;
    where.push(or(ilike(exam.title, pattern), ilike(exam.code, pattern), ilike(exam.category, pattern))!);
  }
  if (filter.category !== undefined) where.push(eq(exam.category, filter.category));
  if (filter.status !== undefined) where.push(eq(exam.status, filter.status));
  if (filter.after) where.push(sql`(${exam.updatedAt}, ${exam.id}) < (${filter.after.updatedAt}::timestamptz, ${filter.after.id})`);
  return db.select().from(exam).where(and(...where)).orderBy(desc(exam.updatedAt), desc(exam.id)).limit(limit);
}
