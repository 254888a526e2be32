// Versions of exams, questions and case studies (contract 14.2): every write to an object's own
// fields makes its next version, and a write that names the version it was based on
// (`expected_version`) is refused with -32009 when the object has moved on since, so nobody's
// save silently overwrites someone else's.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { caseStudy, exam, question, user } from "@/db/schema";
import { AppError } from "../errors";

/** The version columns every versioned row has. */
export interface Versioned {
  version: number;
  versionBy: string | null;
  versionAt: Date;
}

const TABLES = { exam, question, case_study: caseStudy } as const;
export type VersionedObject = keyof typeof TABLES;

const NAMES: Record<VersionedObject, string> = { exam: "exam", question: "question", case_study: "case study" };

/** What a write to the object's own fields sets besides them: the next version, by whom, now. */
export function nextVersion(object: VersionedObject, userId: string) {
  const table = TABLES[object];
  return { version: sql`${table.version} + 1`, versionBy: userId, versionAt: sql`now()` };
}

/**
 * The object's version columns, its row locked for the rest of the transaction (as the write's own
 * UPDATE would lock it), so the version compared is the version overwritten; null when the row is
 * gone (a concurrent delete).
 */
export async function lockVersion(tx: Db, object: VersionedObject, id: number): Promise<Versioned | null> {
  const table = TABLES[object];
  const rows = await tx
    .select({ version: table.version, versionBy: table.versionBy, versionAt: table.versionAt })
    .from(table)
    .where(eq(table.id, id))
    .for("no key update");
  return rows[0] ?? null;
}

/**
 * -32009 for a write based on `expected` while the object is at `stored`: the error says who
 * wrote the stored version and when (`error.data`), so a client can show it and decide.
 */
export async function versionConflict(db: Db, object: VersionedObject, id: number, stored: Versioned, expected: number): Promise<AppError> {
  const [by] = stored.versionBy ? await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, stored.versionBy)) : [];
  const name = NAMES[object];
  const who = by ? ` by ${by.email}` : "";
  return new AppError("conflict", {
    data: {
      reason:
        `${name} ${id} is at version ${stored.version} (saved${who} at ${stored.versionAt.toISOString()}), not at expected_version ${expected}: ` +
        `read it again and apply your change to it, or send the call without expected_version to overwrite it`,
      current_version: stored.version,
      updated_by: by ? { email: by.email, name: by.name } : null,
      updated_at: stored.versionAt.toISOString(),
    },
  });
}

/** Throws -32009 when `expected` is given and the stored version is another. */
export async function checkVersion(db: Db, object: VersionedObject, id: number, stored: Versioned, expected: number | undefined): Promise<void> {
  if (expected !== undefined && stored.version !== expected) throw await versionConflict(db, object, id, stored, expected);
}
