// /api/json as a Web-standard handler (Request → Response): Next's route handler (app/api/json,
// which `next dev` and `next start` serve) and the integration tests of that route.
import type { AppContext } from "../operations/define";
import { serveRpc } from "./handler";
import { readBodyWithLimit } from "./read-body";

export function createRpcHandler(getApp: () => Promise<AppContext>): (req: Request) => Promise<Response> {
  return async function handle(req: Request): Promise<Response> {
    const answer = await serveRpc(getApp, {
      method: req.method,
      header: (name) => req.headers.get(name),
      readBody: (limit) => readBodyWithLimit(req, limit),
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}
