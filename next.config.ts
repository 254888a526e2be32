import type { NextConfig } from "next";
import { readSite } from "./server/site";
import { actionBodyLimit, proxyBodyLimit } from "./server/web/body-limits";
import { NEXT_CONFIG_HEADERS } from "./server/web/security-headers";

// Read when the server starts (and when it builds): a PUBLIC_URL that is not an http(s) origin
// stops it there, with a message naming the variable.
const site = readSite();

const config: NextConfig = {
  // The build folder; NEXT_DIST_DIR lets separate builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships a wasm build and postgres.js opens sockets: both must stay real Node modules,
  // not bundled into the server chunks.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "sanitize-html"],
  poweredByHeader: false,
  // The type check is `npm run typecheck` (TypeScript 7, run by CI before the tests); the
  // `typescript` package Next would load here is TypeScript 6, kept for ESLint's parser.
  typescript: { ignoreBuildErrors: true },
  // Responses are not compressed here: gzip of every JSON-RPC answer cost more CPU than the
  // operation itself. Put a compressing reverse proxy in front when serving over a network.
  compress: false,
  // Next runs a server action only when its Origin names the Host it was sent to; behind a
  // proxy that passes its own Host, the site's origins (PUBLIC_URL, the loopback addresses)
  // differ from it. proxy.ts has already refused every other origin.
  // Server actions take what /api/json takes (LIMIT_BODY_MB, 64 MiB by default): an imported file
  // or a question with its images comes through them as Base64. The proxy in front of them
  // (proxy.ts) must pass such a body on whole: it keeps only proxyClientMaxBodySize of a body
  // (10 MB unless set) and cuts the rest off (server/web/body-limits.ts).
  experimental: {
    serverActions: {
      allowedOrigins: site.trustedOrigins.map((origin) => new URL(origin).host),
      bodySizeLimit: actionBodyLimit(),
    },
    proxyClientMaxBodySize: proxyBodyLimit(),
  },
  async headers() {
    return NEXT_CONFIG_HEADERS;
  },
};

export default config;
