// An optimistic check before authoring pages render: without a session cookie, go to /sign-in
// and come back afterwards. The real check is requireAuthor() in the studio layout and in every
// server action; a forged cookie gets no further than that.
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  if (getSessionCookie(request)) return NextResponse.next();
  const url = request.nextUrl.clone();
  const back = request.nextUrl.pathname + request.nextUrl.search;
  url.pathname = "/sign-in";
  url.search = `?next=${encodeURIComponent(back)}`;
  return NextResponse.redirect(url);
}

export const config = { matcher: ["/exams/:path*", "/settings/:path*"] };
