import { getAppContext } from "@/server/app-context";
import { createRpcHandler } from "@/server/rpc/handler";

export const dynamic = "force-dynamic";

const handle = createRpcHandler(getAppContext);

// Every method reaches the handler so that a non-POST gets the JSON-RPC 405 envelope.
export const POST = handle;
export const GET = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
