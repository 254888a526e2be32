// Case study rows, always reached through their exam's owner, and their writes.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { caseStudy, exam, membership, question } from "@/db/schema";
import { checkRole, inTokenWorkspace, membershipOfExam, type Who } from "./access";
import { notFound } from "../errors";
import { nextVersion } from "./versions";

export type CaseStudyRow = typeof caseStudy.$inferSelect;

/** The case study, reached through its exam's workspace (data/access.ts): -32004 or -32003 otherwise. */
export async function getCaseStudyOrThrow(db: Db, who: Who, id: number, path = "id"): Promise<CaseStudyRow> {
  const rows = await db
    .select({ caseStudy, role: membership.role })
    .from(caseStudy)
    .innerJoin(exam, eq(exam.id, caseStudy.examId))
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(caseStudy.id, id), inTokenWorkspace(who)));
  if (!rows[0]) throw notFound("case study", path, id);
  checkRole(who, rows[0].role);
  return rows[0].caseStudy;
}

/**
 * The case study row locked for the rest of the transaction (as the write's own UPDATE would lock
 * it), so what a write checks (the version) and compares (whether it changes anything) is what it
 * replaces; null when the row is gone (a concurrent delete). The caller has checked its access.
 */
export async function lockCaseStudy(tx: Db, id: number): Promise<CaseStudyRow | null> {
  const rows = await tx.select().from(caseStudy).where(eq(caseStudy.id, id)).for("no key update");
  return rows[0] ?? null;
}

/** One page of an exam's case studies in creation order, after the id `afterId` (0: from the start). */
export function listCaseStudies(db: Db, examId: number, afterId: number, limit: number): Promise<CaseStudyRow[]> {
  return db.select().from(caseStudy).where(and(eq(caseStudy.examId, examId), gt(caseStudy.id, afterId))).orderBy(asc(caseStudy.id)).limit(limit);
}

export async function insertCaseStudy(db: Db, values: { examId: number; name: string; description: string; versionBy: string }): Promise<CaseStudyRow> {
  const [row] = await db.insert(caseStudy).values(values).returning();
  return row!;
}

/** Sets the case study's name and description: its next version, written by `versionBy`. */
export async function updateCaseStudy(db: Db, id: number, values: { name: string; description: string }, versionBy: string): Promise<CaseStudyRow> {
  const [row] = await db
    .update(caseStudy)
    .set({ ...values, ...nextVersion("case_study", versionBy), updatedAt: sql`now()` })
    .where(eq(caseStudy.id, id))
    .returning();
  return row!;
}

export async function deleteCaseStudy(db: Db, id: number): Promise<void> {
  await db.delete(caseStudy).where(eq(caseStudy.id, id));
}

/** The ids of the questions that use a case study, ascending. */
export async function questionIdsUsingCaseStudy(db: Db, id: number): Promise<number[]> {
  const rows = await db.select({ id: question.id }).from(question).where(eq(question.caseStudyId, id)).orderBy(asc(question.id));
  return rows.map((r) => r.id);
}

export function caseStudyToApi(row: CaseStudyRow) {
  return { id: row.id, exam_id: row.examId, name: row.name, description: row.description };
}
