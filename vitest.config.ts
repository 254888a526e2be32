import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };

// Unit tests sit beside the code they test (pure modules, no database).
// Integration tests drive the route handlers against a real database: always PGlite, and
// PostgreSQL as well when TEST_DATABASE_URL names a server.
const integration = (db: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: db,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/worker-setup.ts", "tests/support/global-setup.ts"],
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["server/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"], globalSetup: ["tests/support/worker-setup.ts"] },
      },
      integration("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
