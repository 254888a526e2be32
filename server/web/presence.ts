// The presence heartbeat of a page (issue 17): records that the author's tab has the exam (or one
// of its questions) open, and answers who else has it open right now. Only for an exam the author
// may read: anything else is refused as the API refuses it (-32004), and records nothing.
import type { Db } from "@/db/client";
import { getExamOrThrow } from "../data/exams";
import { forgetTabs, recordHeartbeat, tabsOnExam } from "../data/presence";
import { getQuestionOrThrow, questionNumbers } from "../data/questions";
import { notFound } from "../errors";
import { readerOf } from "../data/access";
import { beatParams, tabIdSchema } from "../schemas/presence";
import type { ActionOutcome } from "./action-outcome";
import { actionStep } from "./action-step";

/** One other open tab, as the presence action answers it. */
export interface PresentTabView {
  userId: string;
  name: string;
  email: string;
  /** The question open in that tab, and its number; null on the exam page. */
  questionId: number | null;
  questionNumber: number | null;
  /** The tab is this author's own. */
  self: boolean;
}

export type PresenceAnswer = ActionOutcome<{ others: PresentTabView[] }>;

export function presenceHeartbeat(db: Db, userId: string, raw: unknown): Promise<PresenceAnswer> {
  return actionStep(beatParams, raw, async ({ tabId, examId, questionId, leftTabs = [] }) => {
    const who = readerOf({ userId, tokenName: null }, "presence");
    await getExamOrThrow(db, who, examId);
    if (questionId !== null && (await getQuestionOrThrow(db, who, questionId)).examId !== examId)
      throw notFound("question", "questionId", questionId);
    await forgetTabs(
      db,
      leftTabs.filter((id) => id !== tabId),
      userId,
    );
    await recordHeartbeat(db, { tabId, userId, examId, questionId });
    const tabs = await tabsOnExam(db, examId, tabId);
    // Question numbers only when a tab is on a question (one more read).
    const numbers = tabs.some((t) => t.questionId !== null)
      ? await questionNumbers(db, who, examId)
      : new Map<number, number>();
    return {
      others: tabs.map((t) => ({
        userId: t.userId,
        name: t.name,
        email: t.email,
        questionId: t.questionId,
        questionNumber: t.questionId === null ? null : (numbers.get(t.questionId) ?? null),
        self: t.userId === userId,
      })),
    };
  });
}

/**
 * The author's tab was left (app/presence/leave/route.ts, sent as a beacon by a page that closes,
 * reloads or gives way to another): it stops counting at once. Someone else's tab id forgets
 * nothing; anything but a tab id is ignored. Answers whether the id was well-formed.
 */
export async function presenceLeave(db: Db, userId: string, tabId: unknown): Promise<boolean> {
  const parsed = tabIdSchema.safeParse(tabId);
  if (parsed.success) await forgetTabs(db, [parsed.data], userId);
  return parsed.success;
}
