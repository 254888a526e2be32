import { getAppContext } from "@/server/app-context";
import { createRpcHandler } from "@/server/rpc/web-adapter";

// The production server (scripts/server.mjs) answers /api/json itself, with the same transport
// (server/rpc/node-adapter.ts); this route serves it under `next dev` and a plain `next start`.
export const dynamic = "force-dynamic";

const handle = createRpcHandler(getAppContext);

// Every method reaches the handler so that a non-POST gets the JSON-RPC 405 envelope.
export const POST = handle;
export const GET = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
