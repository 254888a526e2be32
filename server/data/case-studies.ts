// Case study rows, always reached through their exam's owner.
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { caseStudy, exam } from "@/db/schema";
import { notFound } from "../errors";

export type CaseStudyRow = typeof caseStudy.$inferSelect;

export async function getCaseStudyOrThrow(db: Db, ownerId: string, id: number, path = "id"): Promise<CaseStudyRow> {
  const rows = await db
    .select({ caseStudy })
    .from(caseStudy)
    .innerJoin(exam, eq(exam.id, caseStudy.examId))
    .where(and(eq(caseStudy.id, id), eq(exam.ownerId, ownerId)));
  if (!rows[0]) throw notFound("case study", path, id);
  return rows[0].caseStudy;
}

export function caseStudyToApi(row: CaseStudyRow) {
  return { id: row.id, exam_id: row.examId, name: row.name, description: row.description };
}
