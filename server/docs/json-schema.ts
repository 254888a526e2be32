// The JSON Schema of an operation's params, as a client writes them. Both the API reference page
// and /docs/api/schema.json read it from the schema that validates the calls, never a copy.
import { z } from "zod";

/** The parts of JSON Schema (draft 2020-12) that zod writes for our params. */
export interface JsonSchema extends JsonSchemaBounds {
  type?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
}

/** The limits JSON Schema states on a value: what the reference lists beside each field. */
export interface JsonSchemaBounds {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export function paramsJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    // Input side: a field with a default is optional for the client and shows that default;
    // transforms (external_id "" → null, test_id → exam_id) happen after what the client sends.
    io: "input",
    // z.custom (the test_id conflict check) has no JSON Schema form; its .meta() states the type.
    unrepresentable: "any",
  }) as JsonSchema;
}
