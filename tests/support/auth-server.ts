// The accounts (/api/auth/*) served over real HTTP for the integration tests, the way the
// production server serves them: Node's HTTP server writes the connection's remote address into
// the peer header of every request (as scripts/server.mjs does, replacing whatever a client
// sent) and the request goes, as a Web Request, to the accounts' handler that Next's route
// calls (app/api/auth/[...all]/route.ts). Its clients are fetch calls over 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "better-auth/node";
import { createAccounts, type Accounts, type AccountsOptions } from "@/server/auth/accounts";
import { readLimits } from "@/server/config";
import type { TrustProxy } from "@/server/net/client-address";
import { declarePeerAddressHeader, PEER_ADDRESS_HEADER } from "@/server/net/peer-address";
import { readSite } from "@/server/site";
import type { TestApp } from "./test-app";

export const TEST_SECRET = "a-test-secret-that-is-long-enough-0123456789";

/**
 * An answer of the accounts as JSON: an error's code and message (and retryAfterSeconds when a
 * limit refused it, server/auth/sign-in-guard.ts), or whatever a success returns.
 */
export interface AuthBody {
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

export interface AuthReply {
  status: number;
  headers: Headers;
  /** The answer when it is a JSON object; empty when it is anything else (see `text`). */
  body: AuthBody;
  /** The answer's text as sent. */
  text: string;
  /** The Set-Cookie lines. */
  cookies: string[];
}

export interface AuthServer {
  accounts: Accounts;
  /** http://127.0.0.1:PORT */
  base: string;
  port: number;
  /** POST a JSON body to /api/auth/<path>; the Origin is the server's own unless `headers` says otherwise. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<AuthReply>;
  close(): Promise<void>;
}

export interface AuthServerOptions {
  /** PUBLIC_URL; none by default (the site is http://localhost:PORT). */
  publicUrl?: string;
  trustProxy?: TrustProxy | null;
  /** LIMIT_SIGN_UPS; off by default, since most tests sign up freely from 127.0.0.1. */
  signUps?: number;
  signInRules?: AccountsOptions["signInRules"];
}

/** The answer's JSON object, or an empty one when the text is not a JSON object. */
function jsonObject(text: string): AuthBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as AuthBody) : {};
}

export async function startAuthServer(t: TestApp, opts: AuthServerOptions = {}): Promise<AuthServer> {
  declarePeerAddressHeader();
  let handle: ReturnType<typeof toNodeHandler> | null = null;
  const server = http.createServer((req, res) => {
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    void handle!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  // The site's port is known only now: the loopback origins it trusts are on that port.
  const site = readSite({ PORT: String(port), ...(opts.publicUrl ? { PUBLIC_URL: opts.publicUrl } : {}) });
  const options: AccountsOptions = {
    secret: TEST_SECRET,
    site,
    trustProxy: opts.trustProxy ?? null,
    countersDb: t.app.countersDb,
    signUps: opts.signUps ?? readLimits({ LIMIT_SIGN_UPS: "0" }).signUps,
    signInRules: opts.signInRules,
  };
  const accounts = createAccounts(t.db, options);
  handle = toNodeHandler((request: Request) => accounts.handler(request));
  const base = `http://127.0.0.1:${port}`;
  return {
    accounts,
    base,
    port,
    async post(path, body, headers = {}) {
      const res = await fetch(`${base}/api/auth${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://localhost:${port}`, ...headers },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: res.headers,
        body: jsonObject(text),
        text,
        cookies: res.headers.getSetCookie(),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
