// POST /presence/leave: a page that is closed, reloaded or left for another forgets its presence
// tab at once (components/presence/use-presence.ts sends the tab id with navigator.sendBeacon),
// instead of counting until its heartbeat goes stale. A beacon is a plain POST with the page's
// cookies: proxy.ts has already refused it unless it came from the site's own origin, the session
// cookie says who sends it, and only a tab of theirs is forgotten.
import { getAppContext } from "@/server/app-context";
import { AppError } from "@/server/errors";
import { readBodyWithLimit } from "@/server/rpc/read-body";
import { presenceLeave } from "@/server/web/presence";
import { getAuthor } from "@/server/web/session";

/** A tab id is at most 64 characters; room for a newline or two around it. */
const BODY_LIMIT_BYTES = 256;

export async function POST(request: Request): Promise<Response> {
  const author = await getAuthor();
  if (!author) return answer(401, "Not signed in: there is no tab of yours to forget.");
  let tabId: string;
  try {
    tabId = (await readBodyWithLimit(request, BODY_LIMIT_BYTES)).trim();
  } catch (error) {
    if (error instanceof AppError && error.kind === "too_large")
      return answer(413, `The body must be the tab id alone (at most ${BODY_LIMIT_BYTES} bytes).`);
    throw error;
  }
  if (!(await presenceLeave((await getAppContext()).db, author.id, tabId)))
    return answer(
      400,
      "The body must be the tab id the page's presence heartbeat sent: 16 to 64 letters, digits, - or _.",
    );
  return new Response(null, { status: 204 });
}

function answer(status: number, message: string): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
