// A value that is already JSON text (made by the database), carried through an operation's
// result and written into the response as it is, without parsing it and serialising it again.
// Pure; the transport writes it out (stringifyWithRaw), and everything else that needs the value
// itself (server-rendered pages, server actions) turns it into plain data first (materialize).

export class RawJson<T = unknown> {
  /** Keeps the parsed type for `Materialized`; never set. */
  declare readonly __type?: T;
  constructor(readonly text: string) {}
}

/** The type of `value` once every RawJson in it is parsed. */
export type Materialized<T> =
  T extends RawJson<infer V> ? V
  : T extends readonly (infer E)[] ? Materialized<E>[]
  : T extends object ? { [K in keyof T]: Materialized<T[K]> }
  : T;

/** `value` with every RawJson replaced by its parsed value (a copy where one was found). */
export function materialize<T>(value: T): Materialized<T> {
  if (value instanceof RawJson) return JSON.parse(value.text) as Materialized<T>;
  if (Array.isArray(value)) return value.map((v) => materialize(v)) as Materialized<T>;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = materialize(v);
    return out as Materialized<T>;
  }
  return value as Materialized<T>;
}

// JSON.stringify writes U+0000 as \u0000, and no string of ours holds that character (requests
// with it are refused, and PostgreSQL cannot store it), so this marker cannot be real text.
const MARKER = "\u0000raw:";
const MARKER_IN_JSON = /"\\u0000raw:(\d+)"/g;

/** JSON.stringify, except that each RawJson is written as its own text. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? MARKER + (raws.push(v.text) - 1) : v));
  return raws.length === 0 ? text : text.replace(MARKER_IN_JSON, (_m, i: string) => raws[Number(i)]!);
}
