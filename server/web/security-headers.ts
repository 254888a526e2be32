// The security headers of every answer: pages and routes get them from next.config.ts
// (`headers()`, applied by Next before the route runs; a header the route then sets itself is
// dropped, Next keeps the first), and /api/json from its transport (server/rpc/handler.ts),
// since under `npm start` it does not pass through Next.
// - No framing anywhere: the app frames none of its own pages, so `frame-ancestors 'none'` and,
//   for browsers that predate it, `X-Frame-Options: DENY`.
// - /media gets no Content-Security-Policy here: its headers are the contract's (8.6), and an
//   SVG's own policy must stay exactly as serve.ts writes it. X-Frame-Options still keeps its
//   files out of frames.
// - No script policy: Next's inline scripts would need a nonce on every page.
// - Referrer-Policy: the browsers' default, written out: other sites get the origin only (an
//   exam's address stays private), which embedded YouTube players need in order to play.
import type { NextConfig } from "next";

/** On every answer. */
export const EVERY_ANSWER: Readonly<Record<string, string>> = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** On every answer but those of /media. */
export const NOT_FRAMABLE: Readonly<Record<string, string>> = { "content-security-policy": "frame-ancestors 'none'" };

const list = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/** For next.config.ts `headers()`. */
export const NEXT_CONFIG_HEADERS: Awaited<ReturnType<NonNullable<NextConfig["headers"]>>> = [
  { source: "/:path*", headers: list(EVERY_ANSWER) },
  { source: "/:path((?!media/).*)", headers: list(NOT_FRAMABLE) },
];
