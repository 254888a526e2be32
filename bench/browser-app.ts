// What the browser benchmarks share: the built app served as `npm start` serves it on a fresh
// embedded database, Debian's Chromium, and an author signed up in the app with an API token
// (made on the API keys page, as a person would) to seed data through /api/json.
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error plain JavaScript module without types
import { ensureBuild, root } from "../scripts/build.mjs";
import type { ReplyTo } from "../tests/support/reply";

/** The result of a successful call of `M`, typed by its operation. */
type ResultTo<M extends string> = NonNullable<ReplyTo<M>["result"]>;

export interface BenchApp {
  base: string;
  browser: Browser;
  stop(): Promise<void>;
}

export interface BenchAuthor {
  context: BrowserContext;
  page: Page;
  token: string;
  /** One /api/json call with the author's token; throws when it fails. */
  rpc<M extends string>(method: M, params: object): Promise<ResultTo<M>>;
}

async function waitForServer(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/sign-in`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not start");
}

/** Builds when needed, serves the app on `port` with a fresh embedded database, opens Chromium. */
export async function startBenchApp(port: number, dataDirPrefix: string): Promise<BenchApp> {
  ensureBuild();
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), dataDirPrefix));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.DATABASE_URL; // the embedded database, fresh
  const server: ChildProcess = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
    cwd: root,
    stdio: "ignore",
    env,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  const stop = async () => {
    await browser.close();
    server.kill("SIGTERM");
    if (server.exitCode === null) await new Promise((r) => server.on("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, browser, stop };
}

/** Signs an author up through the app and makes a token on the API keys page. */
export async function signUpAuthor(app: BenchApp, email = "bench@example.com"): Promise<BenchAuthor> {
  const context = await app.browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: app.base },
    data: { email, password: "bench-password", name: "Bench" },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${await signUp.text()}`);
  await page.goto("/settings/api-keys");
  await page.getByLabel("Token name").fill("bench");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  const rpc = async <M extends string>(method: M, params: object): Promise<ResultTo<M>> => {
    const res = await page.request.post("/api/json", {
      data: { jsonrpc: "2.0", id: 1, method, params, accessToken: token },
    });
    const body = (await res.json()) as ReplyTo<M>;
    if (body.error || body.result === undefined) throw new Error(`${method}: ${JSON.stringify(body.errors)}`);
    return body.result;
  };
  return { context, page, token, rpc };
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
