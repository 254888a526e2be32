// A new case study and its history entry, written together, for the places that add case studies
// beside questions (an import's, and those copies of questions bring along). caseStudyCreate
// writes its own: its exam returns to draft between the two, and its history keeps that order.
import type { Db } from "@/db/client";
import { recordAudit } from "../data/audit";
import { caseStudyToApi, insertCaseStudy, type CaseStudyRow } from "../data/case-studies";
import type { OpContext } from "../operation";

/** Inserts the case study into `examId` and writes its history entry; answers the stored row. */
export async function createCaseStudyRecorded(
  tx: Db,
  ctx: OpContext,
  examId: number,
  values: { name: string; description: string },
): Promise<CaseStudyRow> {
  const row = await insertCaseStudy(tx, { examId, ...values, versionBy: ctx.actor.userId });
  await recordAudit(tx, ctx.actor, {
    method: ctx.method,
    objectType: "case_study",
    objectId: row.id,
    examId,
    snapshot: caseStudyToApi(row),
    version: row.version,
  });
  return row;
}
