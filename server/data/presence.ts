// Presence (issue 17): which browser tabs have an exam or one of its questions open right now.
// Each tab renews its row every few seconds (its heartbeat); a row not renewed within
// PRESENCE_FRESH_SECONDS no longer counts. All of it lives in the database, so app processes
// sharing one PostgreSQL see each other's tabs.
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { presence, user } from "@/db/schema";

/** How recent a heartbeat must be for its tab to count as open (the tabs beat every 5 s). */
export const PRESENCE_FRESH_SECONDS = 10;
/** Rows older than this are deleted by the next heartbeat on the same exam. */
const FORGET_AFTER_MINUTES = 10;

export interface Heartbeat {
  tabId: string;
  userId: string;
  examId: number;
  questionId: number | null;
}

/**
 * Records that the tab is open on the exam (or one of its questions) now. A tab id is its own
 * author's: a row of the same id written by someone else is left alone. Rows of the exam's tabs
 * gone long ago are forgotten on the way.
 */
export async function recordHeartbeat(db: Db, beat: Heartbeat): Promise<void> {
  await db
    .insert(presence)
    .values({ tabId: beat.tabId, userId: beat.userId, examId: beat.examId, questionId: beat.questionId })
    .onConflictDoUpdate({
      target: presence.tabId,
      set: { examId: beat.examId, questionId: beat.questionId, seenAt: sql`now()` },
      setWhere: eq(presence.userId, beat.userId),
    });
  await db.delete(presence).where(and(eq(presence.examId, beat.examId), lt(presence.seenAt, sql`now() - make_interval(mins => ${FORGET_AFTER_MINUTES})`)));
}

export interface PresentTab {
  tabId: string;
  userId: string;
  name: string;
  email: string;
  questionId: number | null;
}

/** The other tabs open on the exam or its questions right now, oldest arrival first. */
export async function tabsOnExam(db: Db, examId: number, exceptTab: string): Promise<PresentTab[]> {
  return db
    .select({ tabId: presence.tabId, userId: presence.userId, name: user.name, email: user.email, questionId: presence.questionId })
    .from(presence)
    .innerJoin(user, eq(user.id, presence.userId))
    .where(and(eq(presence.examId, examId), ne(presence.tabId, exceptTab), gt(presence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})`)))
    .orderBy(presence.userId, presence.tabId);
}

/**
 * The tabs were left (their page closed, reloaded or left for another; best effort: a tab that
 * never says so stops counting when it goes stale). Only the author's own tabs are forgotten.
 */
export async function forgetTabs(db: Db, tabIds: readonly string[], userId: string): Promise<void> {
  if (tabIds.length === 0) return;
  await db.delete(presence).where(and(inArray(presence.tabId, [...tabIds]), eq(presence.userId, userId)));
}
