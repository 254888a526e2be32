// GET /docs/api/schema.json: the API reference as JSON Schema, for clients generated from it.
import { apiSchemaDocument } from "@/server/docs/reference";
import { OPERATIONS } from "@/server/rpc/registry";

export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(apiSchemaDocument(OPERATIONS));
}
