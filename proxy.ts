// What every request to Next passes first (Next's middleware), except /api/json: Next keeps a
// copy of the body of every request its proxy runs for, and the API checks and limits its body
// itself (under `npm start` /api/json does not even go through Next). In this order:
// 1. A request that may change something must come from the site's own origin
//    (server/web/request-origin.ts): 403 before any server action runs.
// 2. A body whose declared length is over LIMIT_BODY_MB: 413, with the error the app shows
//    (server/web/body-limits.ts), before Next's server action answers it with a 500.
// 3. Authoring pages without a session cookie go to /sign-in and come back afterwards. An
//    optimistic check: the real one is requireAuthor() in the studio layout and in every server
//    action; a forged cookie gets no further than that.
// 4. A path whose percent-escapes do not decode (server/web/percent-escapes.ts) names nothing:
//    it gets the 404 its route would give (the not-found page; the media route's plain 404)
//    instead of Next's router failing with a 500 as it decodes the path for a dynamic route.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { mediaNotFound } from "@/server/media/not-found";
import { bodyTooLargeText } from "@/server/web/body-limits";
import { decodablePath } from "@/server/web/percent-escapes";
import { foreignOriginRefusal } from "@/server/web/request-origin";
import { readLimits, type Limits } from "@/server/config";
import { readSite, type Site } from "@/server/site";

let site: Site | undefined;
let limits: Limits | undefined;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const refusal = foreignOriginRefusal(
    { method: request.method, pathname, origin: request.headers.get("origin") },
    (site ??= readSite()),
  );
  if (refusal)
    return new NextResponse(refusal, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });

  const tooLarge = bodyTooLargeText(request.headers.get("content-length"), (limits ??= readLimits()));
  // Exactly "text/plain": Next's client passes on the text of no other type (with a charset, neither).
  if (tooLarge) return new NextResponse(tooLarge, { status: 413, headers: { "content-type": "text/plain" } });

  if (needsSession(pathname) && !getSessionCookie(request)) {
    const url = request.nextUrl.clone();
    const back = pathname + request.nextUrl.search;
    url.pathname = "/sign-in";
    url.search = `?next=${encodeURIComponent(back)}`;
    return NextResponse.redirect(url);
  }

  if (!decodablePath(pathname)) {
    if (pathname.startsWith("/media/")) return mediaNotFound();
    // A path no route can ever have (folders starting with "_" are private in app/): Next
    // renders the not-found page, with 404. Not the original path: Next decodes it again
    // to match a dynamic route, even after a rewrite.
    return NextResponse.rewrite(new URL("/_malformed-url", request.url));
  }
  return NextResponse.next();
}

function needsSession(pathname: string): boolean {
  return /^\/(exams|settings)(\/|$)/.test(pathname);
}

// Every path but Next's own build files (immutable, served before any route) and /api/json
// (see the top).
export const config = { matcher: ["/((?!_next/static/|_next/image|api/json$).*)"] };
