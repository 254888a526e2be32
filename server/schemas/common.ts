// Building blocks shared by the operation schemas. Strict types: nothing is coerced.
import { z } from "zod";
import type { Issue } from "../errors";

export const id = z.int().min(1).max(2147483647);
export const htmlField = z.string();
/** `resources`: path as written in the HTML → Base64 content (checked in depth by the media layer). */
export const resources = z
  .record(z.string(), z.string())
  .describe(
    "Files referenced by the HTML fields: path as written in the HTML → Base64 content. Each is stored as /media/<sha256>.<ext>.",
  );
/** The version a write was based on (contract 14.2); a stored version that differs answers -32009. */
export const expectedVersion = z
  .int()
  .min(1)
  .max(2147483647)
  .optional()
  .describe(
    "The object's version this write is based on (from the get, create or update that read it). When the stored version differs, the call answers -32009 and changes nothing; left out, the last write wins.",
  );
export const listLimit = z.int().min(1).max(200).default(50).describe("Items per page.");
export const cursor = z
  .string()
  .max(200)
  .describe("The next_cursor of the previous page; leave out for the first page.");

/** Keys of `value` that `known` does not name, for the "unknown field" warnings. */
export function unknownKeys(value: unknown, known: readonly string[]): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.keys(value).filter((k) => !known.includes(k));
}

/** One `unknown_field` warning at `path` naming every unknown key of `value`, or null. */
export function unknownFieldsWarning(value: unknown, known: readonly string[], path: string): Issue | null {
  const unknown = unknownKeys(value, known);
  if (unknown.length === 0) return null;
  return {
    code: "unknown_field",
    path,
    message: `unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(", ")} ignored; allowed: ${known.join(", ")}`,
  };
}

/** Warnings for unknown keys of `params[key]` (an object sent inside the params). */
export function inspectObjectParam(key: string, known: readonly string[]) {
  return (raw: unknown): Issue[] =>
    typeof raw === "object" && raw !== null
      ? [unknownFieldsWarning((raw as Record<string, unknown>)[key], known, key)].filter((w) => w !== null)
      : [];
}

/**
 * `test_id` is accepted as an alias of `exam_id` (older clients send it). Before parsing, an
 * alias alone becomes exam_id; both with different values are left for `aliasConflict` to reject.
 */
export function acceptTestIdAlias(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value) || !("test_id" in value)) return value;
  const { test_id, ...rest } = value as Record<string, unknown>;
  if (!("exam_id" in rest)) return { ...rest, exam_id: test_id };
  return rest.exam_id === test_id ? rest : value;
}

// The JSON Schema type is stated by hand: the custom check cannot describe itself, and what it
// accepts (after acceptTestIdAlias) is an exam id.
export const aliasConflict = z
  .custom<never>(() => false, {
    message: "is an alias of exam_id and names a different exam; send one of them, or the same value in both",
  })
  .optional()
  .meta({
    type: "integer",
    description: "Alias of exam_id, sent by older clients; when both are sent they must be equal.",
  });
