// What every request to Next passes first (Next's middleware; under `npm start` /api/json goes
// to its handler without it), in this order:
// 1. A request that may change something must come from the site's own origin
//    (server/web/request-origin.ts): 403 before any server action runs.
// 2. Authoring pages without a session cookie go to /sign-in and come back afterwards. An
//    optimistic check: the real one is requireAuthor() in the studio layout and in every server
//    action; a forged cookie gets no further than that.
// 3. A path whose percent-escapes do not decode (server/web/percent-escapes.ts) names nothing:
//    it gets the 404 its route would give (the not-found page; the media route's plain 404)
//    instead of Next's router failing with a 500 as it decodes the path for a dynamic route.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { mediaNotFound } from "@/server/media/not-found";
import { decodablePath } from "@/server/web/percent-escapes";
import { foreignOriginRefusal } from "@/server/web/request-origin";
import { readSite, type Site } from "@/server/site";

let site: Site | undefined;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const refusal = foreignOriginRefusal(
    { method: request.method, pathname, origin: request.headers.get("origin") },
    (site ??= readSite()),
  );
  if (refusal)
    return new NextResponse(refusal, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });

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

// Every path but Next's own build files (immutable, served before any route).
export const config = { matcher: ["/((?!_next/static/|_next/image).*)"] };
