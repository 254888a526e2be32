// A small valid value for a JSON Schema: the required fields only, each at the simplest value its
// limits allow. Used for the example request of a method that has no hand-written example.
import type { JsonSchema } from "./json-schema";

export function exampleValue(schema: JsonSchema, key = "value"): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf && !schema.type) {
    const member = schema.anyOf.find((m) => m.type !== "null") ?? schema.anyOf[0]!;
    return exampleValue(member, key);
  }
  switch (schema.type) {
    case "object":
      return exampleObject(schema);
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleValue(schema.items ?? {}, key));
    case "integer":
    case "number":
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case "string": {
      const text = `example ${key.replaceAll("_", " ")}`;
      return text.padEnd(schema.minLength ?? 0, "x").slice(0, schema.maxLength ?? text.length);
    }
    case "boolean":
      return true;
    default:
      return null;
  }
}

function exampleObject(schema: JsonSchema): Record<string, unknown> {
  const keys = new Set(schema.required ?? []);
  // "One of these fields" (exam_id or its alias test_id): the first is enough.
  const firstAlternative = schema.anyOf?.find((alt) => alt.required?.length)?.required?.[0];
  if (firstAlternative) keys.add(firstAlternative);
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = exampleValue(schema.properties?.[key] ?? {}, key);
  return out;
}
