// Params of the presence heartbeat of the exam page and the editors (server/web/presence.ts),
// shared with the page that sends them (components/presence/use-presence.ts). Pure.
import { z } from "zod";

/** A random id per page shown, made by the browser. */
export const tabIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** How many left pages one beat may name. */
export const LEFT_TABS_MAX = 8;

export const beatParams = z.strictObject({
  tabId: tabIdSchema,
  examId: z.int().min(1).max(2147483647),
  questionId: z.int().min(1).max(2147483647).nullable(),
  /**
   * The tab ids of the pages the same browser tab showed before and left, whose leaving the
   * server may not have heard yet: the beacon that says so races this beat, and the page after
   * must not list its own predecessor as "you in another tab".
   */
  leftTabs: z.array(tabIdSchema).max(LEFT_TABS_MAX).optional(),
});
