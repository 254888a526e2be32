// /api/json as a Web-standard handler (Request → Response): Next's route handler (app/api/json,
// which `next dev` and `next start` serve) and the integration tests of that route.
import { readTrustProxy, type TrustProxy } from "../net/client-address";
import { requestClientAddress } from "../net/peer-address";
import type { AppContext } from "../context";
import { serveRpc } from "./handler";
import { readBodyWithLimit } from "./read-body";

/** `trustProxy`: whose X-Forwarded-For names the client; TRUST_PROXY when not given. */
export function createRpcHandler(
  getApp: () => Promise<AppContext>,
  opts: { trustProxy?: TrustProxy | null } = {},
): (req: Request) => Promise<Response> {
  const trust = opts.trustProxy === undefined ? readTrustProxy() : opts.trustProxy;
  return async function handle(req: Request): Promise<Response> {
    const answer = await serveRpc(getApp, {
      method: req.method,
      header: (name) => req.headers.get(name),
      readBody: (limit) => readBodyWithLimit(req, limit),
      clientAddress: () => requestClientAddress(req, trust),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
