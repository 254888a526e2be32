import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite ships a wasm build and postgres.js opens sockets: both must stay real Node modules,
  // not bundled into the server chunks.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "sanitize-html"],
  poweredByHeader: false,
};

export default config;
