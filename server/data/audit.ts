// The audit log (contract 12): one row per successful write, in the write's transaction; read
// back, newest first, as an exam's history.
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog, exam, membership, user } from "@/db/schema";
import { inTokenWorkspace, membershipOfExam, type Who } from "./access";
import type { Actor } from "../context";

type ObjectType = "exam" | "question" | "case_study";

export async function recordAudit(
  db: Db,
  actor: Actor,
  /** `version`: the object's version this write made, for writes to its own fields. */
  entry: { method: string; objectType: ObjectType; objectId: number; examId: number; snapshot: unknown; version?: number },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: actor.userId,
    tokenName: actor.tokenName,
    method: entry.method,
    objectType: entry.objectType,
    objectId: entry.objectId,
    examId: entry.examId,
    snapshot: entry.snapshot ?? null,
    version: entry.version ?? null,
  });
}

export interface AuditQuery {
  examId: number;
  objectType?: ObjectType;
  objectId?: number;
  /** Only rows older than this id (the previous page's last row). */
  beforeId?: number;
  limit: number;
}

/**
 * The exam's audit rows, newest first, with the writer's email. Rows are read only while the exam
 * one the caller may read: the join repeats the access check the operation made, so this function never
 * returns another user's history on its own.
 */
export async function listAudit(db: Db, who: Who, q: AuditQuery) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      method: auditLog.method,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      email: user.email,
      tokenName: auditLog.tokenName,
      snapshot: auditLog.snapshot,
      version: auditLog.version,
    })
    .from(auditLog)
    .innerJoin(exam, and(eq(exam.id, auditLog.examId), inTokenWorkspace(who)))
    .innerJoin(membership, membershipOfExam(who))
    // A left join: a row outlives nothing today (users cascade to their exams), but a missing
    // account must not hide history.
    .leftJoin(user, eq(user.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.examId, q.examId),
        q.objectType !== undefined ? eq(auditLog.objectType, q.objectType) : undefined,
        q.objectId !== undefined ? eq(auditLog.objectId, q.objectId) : undefined,
        q.beforeId !== undefined ? lt(auditLog.id, q.beforeId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(q.limit);
}

export type AuditListRow = Awaited<ReturnType<typeof listAudit>>[number];

/** An entry of exam.historyList. */
export function auditToApi(row: AuditListRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    method: row.method,
    object_type: row.objectType,
    object_id: row.objectId,
    actor: { email: row.email, token_name: row.tokenName },
    version: row.version,
    snapshot: row.snapshot ?? null,
  };
}

export type HistoryEntry = ReturnType<typeof auditToApi>;
