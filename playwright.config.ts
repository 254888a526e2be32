// Browser tests: Debian's Chromium (its headless shell) against `next build && next start` on a
// fresh embedded database (scripts/e2e-server.mjs). Each test signs up its own author
// (e2e/support/fixtures.ts).
import { defineConfig } from "@playwright/test";
import fs from "node:fs";

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;

// Debian's Chromium headless shell (scripts/ensure-chromium.sh installs it): the tests need no
// window, and the shell takes about half the CPU of the full browser run headless (measured on
// exams and question-editor: 20 s against 40 s of the browser's CPU), which on two cores is time.
// Without it, the full browser; CHROMIUM_PATH names another.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: true,
  // Three: on two cores the browser tests wait on the server and the browser enough that a third
  // test beside two finishes the suite about a fifth sooner; a fourth is slower again (measured).
  workers: 3,
  // In CI one more try, so that a test that fails once on a loaded machine does not stop the
  // landing; it is still reported, by name, as flaky (scripts/test.mjs counts and names them).
  // Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 900 },
    // A trace records every step of every test (DOM snapshots, screenshots) and is kept only on
    // failure: a fifth or so of the browser tests' CPU on two cores. CI shows nothing but the
    // text, so .ci/run (CI=1) records none; a developer's run keeps the failures' traces.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // The pages are opened for seconds, not run for long: V8's optimizing compiler (TurboFan)
        // costs more than it saves there, and compositing in software in the browser itself spares
        // the GPU process's round trips. Together about a tenth of the browser tests' CPU (with the
        // axe change, 635 CPU-seconds against 784 for the whole spec set; measured).
        "--js-flags=--no-opt",
        "--disable-gpu-compositing",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/sign-in`,
    // The first run builds the app; later runs reuse the build.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
