// Flattens a params JSON Schema into the rows of a reference table: one row per field, nested
// fields by path (`question.properties.areas[].x`), with type, whether it is required, the
// default and the limits. Pure: no React, no server state.
import type { JsonSchema, JsonSchemaBounds } from "./json-schema";

export type Requirement = "required" | "optional" | "one of";

export interface FieldRow extends JsonSchemaBounds {
  path: string;
  type: string;
  requirement: Requirement;
  /** For "one of": every field of which one must be sent. */
  alternatives?: string[];
  default?: unknown;
  enum?: unknown[];
  description?: string;
}

// Bounds that only say "a 32-bit integer" or "any safe integer": shown, they would bury the
// limits that matter (1–200, 0–100).
const STORAGE_BOUNDS = new Set([2147483647, -2147483648, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Every field of `schema`, depth first; `prefix` names where the schema sits in the params. */
export function fieldRows(schema: JsonSchema, prefix = ""): FieldRow[] {
  const rows: FieldRow[] = [];
  addChildren(schema, prefix, rows);
  return rows;
}

function addChildren(schema: JsonSchema, path: string, rows: FieldRow[]): void {
  const node = single(schema);
  if (node.type === "array" && node.items && hasFields(single(node.items))) {
    addChildren(node.items, `${path}[]`, rows);
    return;
  }
  if (!node.properties) return;
  const required = new Set(node.required ?? []);
  const alternatives = (node.anyOf ?? []).flatMap((alt) =>
    alt.required?.length === 1 && !alt.properties ? alt.required : [],
  );
  for (const [key, child] of Object.entries(node.properties)) {
    const childPath = path ? `${path}.${key}` : key;
    const requirement: Requirement = required.has(key)
      ? "required"
      : alternatives.includes(key)
        ? "one of"
        : "optional";
    rows.push(row(child, childPath, requirement, requirement === "one of" ? alternatives : undefined));
    addChildren(child, childPath, rows);
  }
}

function row(schema: JsonSchema, path: string, requirement: Requirement, alternatives?: string[]): FieldRow {
  const node = single(schema);
  const limits =
    node.type === "array" && node.items && !hasFields(single(node.items)) ? { ...single(node.items), ...node } : node;
  const out: FieldRow = { path, type: typeLabel(schema), requirement };
  if (alternatives) out.alternatives = alternatives;
  const description = schema.description ?? node.description;
  if (description) out.description = description;
  const fallback = schema.default !== undefined ? schema.default : node.default;
  if (fallback !== undefined) out.default = fallback;
  if (limits.enum) out.enum = limits.enum;
  else if (limits.const !== undefined) out.enum = [limits.const];
  else {
    if (limits.minimum !== undefined && !STORAGE_BOUNDS.has(limits.minimum)) out.minimum = limits.minimum;
    if (limits.maximum !== undefined && !STORAGE_BOUNDS.has(limits.maximum)) out.maximum = limits.maximum;
  }
  for (const key of ["minLength", "maxLength", "minItems", "maxItems"] as const) {
    if (limits[key] !== undefined) out[key] = limits[key];
  }
  if (limits.pattern) out.pattern = limits.pattern;
  return out;
}

/** The allowed values and limits of a row, in words. */
export function constraintText(r: FieldRow): string[] {
  const out: string[] = [];
  if (r.enum) out.push(`one of ${r.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (r.minimum !== undefined && r.maximum !== undefined) out.push(`${r.minimum}–${r.maximum}`);
  else if (r.minimum !== undefined) out.push(`≥ ${r.minimum}`);
  else if (r.maximum !== undefined) out.push(`≤ ${r.maximum}`);
  if (r.minLength !== undefined && r.minLength > 0)
    out.push(r.minLength === 1 ? "not empty" : `at least ${r.minLength} characters`);
  if (r.maxLength !== undefined) out.push(`at most ${r.maxLength} characters`);
  if (r.minItems !== undefined && r.minItems > 0) out.push(`at least ${r.minItems} item${r.minItems === 1 ? "" : "s"}`);
  if (r.maxItems !== undefined) out.push(`at most ${r.maxItems.toLocaleString("en-US")} items`);
  if (r.pattern) out.push(`matches ${r.pattern}`);
  return out;
}

/** A readable type: `integer`, `string | null`, `object[]`, `{ string: integer }`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.anyOf && !schema.type) return [...new Set(flatten(schema).map(typeLabel))].join(" | ");
  if (schema.enum && !schema.type) return enumType(schema.enum);
  switch (schema.type) {
    case "array":
      return schema.items ? `${wrapUnion(typeLabel(schema.items))}[]` : "array";
    case "object":
      if (!schema.properties && typeof schema.additionalProperties === "object") {
        const value = schema.additionalProperties;
        return Object.keys(value).length === 0 ? "object" : `{ string: ${typeLabel(value)} }`;
      }
      return "object";
    case "number":
      return schema.enum ? enumType(schema.enum) : "number";
    case undefined:
      return "any";
    default:
      return schema.type;
  }
}

const wrapUnion = (label: string) => (label.includes(" | ") ? `(${label})` : label);

function enumType(values: unknown[]): string {
  if (values.every((v) => Number.isInteger(v))) return "integer";
  return [...new Set(values.map((v) => (v === null ? "null" : typeof v)))].join(" | ");
}

/** Members of nested anyOf (a nullable union), flattened. */
function flatten(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf && !schema.type ? schema.anyOf.flatMap(flatten) : [schema];
}

/** The one non-null member of a nullable schema (`X | null` → X); anything else as it is. */
function single(schema: JsonSchema): JsonSchema {
  const members = flatten(schema).filter((m) => m.type !== "null");
  return members.length === 1 ? members[0]! : schema;
}

function hasFields(schema: JsonSchema): boolean {
  return schema.type === "object" && schema.properties !== undefined && Object.keys(schema.properties).length > 0;
}
