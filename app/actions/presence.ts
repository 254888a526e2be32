"use server";
// The presence heartbeat of the exam page and the editors (server/web/presence.ts), as the
// signed-in author. Not an API operation: it stores no content and writes no history. Leaving a
// page is a beacon to app/presence/leave/route.ts instead: a server action cannot be sent by a
// page that is going away.
import { getAppContext } from "@/server/app-context";
import { presenceHeartbeat } from "@/server/web/presence";
import { asAuthor } from "@/server/web/as-author";

export async function beatPresence(raw: unknown) {
  return asAuthor(async (author) => presenceHeartbeat((await getAppContext()).db, author.id, raw));
}
