import type { NextConfig } from "next";

const config: NextConfig = {
  // The build folder; NEXT_DIST_DIR lets separate builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships a wasm build and postgres.js opens sockets: both must stay real Node modules,
  // not bundled into the server chunks.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "sanitize-html"],
  poweredByHeader: false,
  // Responses are not compressed here: gzip of every JSON-RPC answer cost more CPU than the
  // operation itself. Put a compressing reverse proxy in front when serving over a network.
  compress: false,
};

export default config;
