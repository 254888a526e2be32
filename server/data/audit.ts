// The audit log (contract 12): one row per successful write, in the write's transaction.
import type { Db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { Actor } from "../operations/define";

export async function recordAudit(
  db: Db,
  actor: Actor,
  entry: { method: string; objectType: "exam" | "question" | "case_study"; objectId: number; examId: number; snapshot: unknown },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: actor.userId,
    tokenName: actor.tokenName,
    method: entry.method,
    objectType: entry.objectType,
    objectId: entry.objectId,
    examId: entry.examId,
    snapshot: entry.snapshot ?? null,
  });
}
