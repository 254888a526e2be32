// The response headers of every page and route (next.config.ts `headers()`, applied by Next
// before the route runs; a header the route sets itself is then left as the route set it).
// - No framing anywhere: the app frames none of its own pages, so `frame-ancestors 'none'` and,
//   for browsers that predate it, `X-Frame-Options: DENY`.
// - /media gets no Content-Security-Policy here: its headers are the contract's (8.6), and an
//   SVG's own policy must stay exactly as serve.ts writes it (Next keeps the first one set).
//   X-Frame-Options still keeps its files out of frames.
// - No script policy: Next's inline scripts and the editors' inline styles would need nonces.
// - Referrer-Policy: the browsers' default, written out; cross-site requests get the origin
//   only (an exam's address stays private), which embedded YouTube players need to play.
import type { NextConfig } from "next";

type Headers = Awaited<ReturnType<NonNullable<NextConfig["headers"]>>>;

const everywhere = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];

export const SECURITY_HEADERS: Headers = [
  { source: "/:path*", headers: everywhere },
  { source: "/:path((?!media/).*)", headers: [{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }] },
];
