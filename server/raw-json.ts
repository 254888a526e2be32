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
  T extends RawJson<infer V>
    ? V
    : T extends readonly (infer E)[]
      ? Materialized<E>[]
      : T extends object
        ? { [K in keyof T]: Materialized<T[K]> }
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

// JSON.stringify writes U+0000 as \u0000, so the marker of a RawJson is text that no cleaned or
// stored value of ours holds. A client's own string can (a JSON-RPC id is echoed as sent, and may
// spell the marker): when one does, the value is written the slow way, parsed and serialised again.
const MARKER = "\u0000raw:";
const MARKER_IN_JSON = /"\\u0000raw:(\d+)"/g;

/** JSON.stringify, except that each RawJson is written as its own text. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  let forged = false;
  const text = JSON.stringify(value, (key, v: unknown) => {
    if (v instanceof RawJson) return MARKER + (raws.push(v.text) - 1);
    if (key.includes(MARKER) || (typeof v === "string" && v.includes(MARKER))) forged = true;
    return v;
  });
  if (raws.length === 0) return text;
  if (forged) return JSON.stringify(materialize(value));
  return text.replace(MARKER_IN_JSON, (_m, i: string) => raws[Number(i)]!);
}
