import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };

// Unit tests sit beside the code they test (pure modules, no database).
// Integration tests drive the route handlers against a real database: always PGlite, and
// PostgreSQL as well when TEST_DATABASE_URL names a server.
// Tests of what no difference between the two databases reaches (the transport, the HTML policy,
// the sign-in limits' rules, generated bad params) run on one of them: PostgreSQL when there is a
// server, else PGlite. PGlite is PostgreSQL itself compiled to WebAssembly, so the statements
// behave the same; what differs (one process, the embedded files, durability) is tested on both.
const ONE_DATABASE = [
  "tests/integration/sign-in-limits.test.ts",
  "tests/integration/fuzz.test.ts",
  "tests/integration/rpc-transport.test.ts",
  "tests/integration/html-policy.test.ts",
  // Starts `next start` (a build, and a server of its own): once is enough.
  "tests/integration/next-start-bodies.test.ts",
];

// Test files share their worker's modules (isolate: false): each file still gets its own app,
// database and media directory from tests/support, but the server's modules are imported once per
// worker instead of once per file, which was most of the suite's CPU (measured on two cores: the
// PGlite project 477 CPU-seconds isolated against 311 shared, the unit project 104 against 63; the
// same tests pass). A test that changes a module's state must put it back (vi.restoreAllMocks,
// the env it set).
const ISOLATE = false;

const integration = (db: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: db,
    isolate: ISOLATE,
    include: ["tests/integration/**/*.test.ts"],
    exclude: db === "pglite" && process.env.TEST_DATABASE_URL ? ONE_DATABASE : [],
    env: { TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/support/worker-setup.ts", "tests/support/global-setup.ts"],
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: one on a two-core machine, where the
    // integration tests then leave a core idle while they wait on PostgreSQL, on sockets and on
    // their own timers (retries, time budgets). Twice the cores, at least four: on two cores,
    // four files at a time took 278 s where two took 397 s, for the same CPU (462 against 496
    // CPU-seconds), since two workers kept the cores only 62 % busy (measured).
    maxWorkers: Math.max(4, os.availableParallelism() * 2),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          isolate: ISOLATE,
          include: ["server/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          // Not vitest's 5 s: a unit test that starts worker threads (server/workers) took 7 s on
          // two cores shared by four test files and the app's build, as in CI (measured), and
          // failed CI on a timeout alone. A test that hangs still ends.
          testTimeout: 30_000,
          globalSetup: ["tests/support/worker-setup.ts"],
        },
      },
      integration("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
