// Building blocks shared by the operation schemas. Strict types: nothing is coerced.
import { z } from "zod";
import type { Issue } from "../errors";

export const id = z.int().min(1).max(2147483647);
export const htmlField = z.string();
/** `resources`: path as written in the HTML → Base64 content (checked in depth by the media layer). */
export const resources = z.record(z.string(), z.string());
export const listLimit = z.int().min(1).max(200).default(50);
export const cursor = z.string().max(200);

/** Keys of `value` that `known` does not name, for the "unknown field" warnings. */
export function unknownKeys(value: unknown, known: readonly string[]): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  return Object.keys(value).filter((k) => !known.includes(k));
}

/** One `unknown_field` warning at `path` naming every unknown key of `value`, or null. */
export function unknownFieldsWarning(value: unknown, known: readonly string[], path: string): Issue | null {
  const unknown = unknownKeys(value, known);
  if (unknown.length === 0) return null;
  return { code: "unknown_field", path, message: `unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(", ")} ignored; allowed: ${known.join(", ")}` };
}

/** Warnings for unknown keys of `params[key]` (an object sent inside the params). */
export function inspectObjectParam(key: string, known: readonly string[]) {
  return (raw: unknown): Issue[] =>
    typeof raw === "object" && raw !== null ? [unknownFieldsWarning((raw as Record<string, unknown>)[key], known, key)].filter((w) => w !== null) : [];
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

export const aliasConflict = z
  .custom<never>(() => false, { message: "is an alias of exam_id and names a different exam; send one of them, or the same value in both" })
  .optional();
