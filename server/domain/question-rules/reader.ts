// Reading values field by field: each field is parsed on its own and its issues recorded, so one
// bad field does not hide the others, and what failed is left out of the checks that depend on it.
import { z } from "zod";
import { joinPath, type Report } from "../../errors";
import { anyObjectSchema, unknownFieldsWarning } from "../../schemas/question";
import { parseWith } from "../../schemas/zod-issues";

/** Where `properties` sits in the params, the base of every issue path about it. */
export const PROPS = "question.properties";

const anyArray = z.array(z.unknown());

export class Reader {
  constructor(readonly report: Report) {}

  /** Parses one value; on failure records the issues and returns undefined. */
  value<T extends z.ZodType>(schema: T, raw: unknown, path: string): z.output<T> | undefined {
    const parsed = parseWith(schema, raw, path);
    if (parsed.ok) return parsed.data;
    this.report.merge({ errors: parsed.issues });
    return undefined;
  }

  object(raw: unknown, path: string): Record<string, unknown> | undefined {
    return this.value(anyObjectSchema, raw, path);
  }

  array(raw: unknown, path: string): unknown[] | undefined {
    if (Array.isArray(raw)) return raw;
    // Reuse the shared wording ("is required (an array)", "must be an array, got …").
    this.value(anyArray, raw, path);
    return undefined;
  }

  warnUnknown(obj: Record<string, unknown>, known: readonly string[], path: string): void {
    const warning = unknownFieldsWarning(obj, known, path);
    if (warning) this.report.warnings.push(warning);
  }

  /**
   * Reads each field of `shape` from `obj` separately, so one bad field does not hide the
   * others. Returns the fields that passed, and warns about keys that are not in the shape.
   */
  fields<S extends Record<string, z.ZodType>>(
    shape: S,
    obj: Record<string, unknown>,
    path: string,
    extraKnown: readonly string[] = [],
  ): { [K in keyof S]?: z.output<S[K]> } {
    this.warnUnknown(obj, [...Object.keys(shape), ...extraKnown], path);
    const out: { [K in keyof S]?: z.output<S[K]> } = {};
    for (const key of Object.keys(shape) as (keyof S & string)[]) {
      const schema = shape[key] as S[typeof key];
      const parsed = parseWith(schema, obj[key], joinPath(path, key));
      if (parsed.ok) {
        if (parsed.data !== undefined) out[key] = parsed.data as z.output<S[typeof key]>;
      } else {
        this.report.merge({ errors: parsed.issues });
      }
    }
    return out;
  }

  /** A map object whose values are read one by one; entries that fail are left out. */
  record<T extends z.ZodType>(valueSchema: T, raw: unknown, path: string): Map<string, z.output<T>> | undefined {
    const obj = this.object(raw, path);
    if (!obj) return undefined;
    const out = new Map<string, z.output<T>>();
    for (const [key, value] of Object.entries(obj)) {
      const parsed = this.value(valueSchema, value, joinPath(path, key));
      if (parsed !== undefined) out.set(key, parsed);
    }
    return out;
  }
}

/** Ids listed for a message: `targ-1, targ-2` (shortened when long), or "none". */
export function listIds(ids: Iterable<string>): string {
  const all = [...ids];
  if (all.length === 0) return "none";
  return all.length > 10 ? `${all.slice(0, 10).join(", ")}, …` : all.join(", ");
}
