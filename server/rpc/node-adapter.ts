// /api/json on Node's own HTTP server: what the production server (scripts/server.mjs) answers
// the API with. It hands the raw request to the transport and writes the answer back, with no
// Web Request/Response objects and none of Next's per-request routing, which together cost more
// CPU than a typical operation (docs/decisions.md, "The API's HTTP server").
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress, readTrustProxy, type TrustProxy } from "../net/client-address";
import type { AppContext } from "../context";
import { serveRpc } from "./handler";
import { checkDeclaredLength, collectWithLimit } from "./read-body";

export type NodeRpcHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/** `trustProxy`: whose X-Forwarded-For names the client; TRUST_PROXY when not given. */
export function createNodeRpcHandler(
  getApp: () => Promise<AppContext>,
  opts: { trustProxy?: TrustProxy | null } = {},
): NodeRpcHandler {
  const trust = opts.trustProxy === undefined ? readTrustProxy() : opts.trustProxy;
  return async function handle(req, res) {
    const answer = await serveRpc(getApp, {
      method: req.method ?? "GET",
      header: (name) => headerOf(req, name),
      async readBody(limit) {
        checkDeclaredLength(req.headers["content-length"], limit);
        // Not destroyed on an early stop: the socket must stay open for the 413 answer.
        return collectWithLimit(
          req.iterator({ destroyOnReturn: false }),
          limit,
          () => req.pause(),
          Number(req.headers["content-length"] ?? Number.NaN),
        );
      },
      clientAddress: () => clientAddress(req.socket.remoteAddress, headerOf(req, "x-forwarded-for"), trust),
    });
    const headers: Record<string, string | number> = { ...answer.headers };
    if (answer.body !== null) headers["content-length"] = Buffer.byteLength(answer.body);
    res.writeHead(answer.status, headers);
    res.end(answer.body ?? undefined);
  };
}

/**
 * The production server (scripts/server.mjs) waits for its /api/json handler at start-up: it puts
 * a receiving function under this key before Next prepares, and instrumentation.ts (which Next runs
 * once the app is loaded) hands it a handler built from the app's compiled code, or the error that
 * stopped the app from starting. Under a plain `next start` or `next dev` nobody waits.
 */
export const NODE_RPC_HANDLER_KEY = Symbol.for("exam-studio.node-rpc-handler");

export function handOverToServer(outcome: NodeRpcHandler | Error): void {
  const receive = (globalThis as Record<symbol, unknown>)[NODE_RPC_HANDLER_KEY];
  if (typeof receive === "function") receive(outcome);
}
