// Opaque list cursors: the sort key of the last row returned, base64url-encoded JSON.
import { AppError } from "../errors";

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * What each value of a cursor is, as the list's query compares it: a timestamp as encodeCursor
 * wrote it (Date.toISOString), an int4 column (ids and positions) or an int8 one (audit ids).
 * A value the column cannot hold would fail the query as an internal error.
 */
export type CursorField = "timestamp" | "int4" | "int8";

const fits: Record<CursorField, (v: unknown) => boolean> = {
  timestamp: (v) => typeof v === "string" && isIsoTimestamp(v),
  int4: (v) => typeof v === "number" && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647,
  int8: (v) => typeof v === "number" && Number.isSafeInteger(v),
};

/** Years 1 to 9999 only: JavaScript also writes years past 9999 (and before 1), PostgreSQL refuses them. */
const ISO_TIMESTAMP = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isIsoTimestamp(s: string): boolean {
  const year = ISO_TIMESTAMP.exec(s)?.[1];
  if (year === undefined || Number(year) < 1) return false;
  const date = new Date(s);
  return !Number.isNaN(date.getTime()) && date.toISOString() === s;
}

/**
 * Decodes a cursor made by encodeCursor with the same shape, or throws -32602 at `cursor`: a
 * cursor is only ever one this list returned, so anything else (garbage, another shape, a
 * number no id can be, a date that is not one) is refused before it reaches the database.
 */
export function decodeCursor(cursor: string, shape: CursorField[]): (string | number)[] {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(key) && key.length === shape.length && key.every((v, i) => fits[shape[i]!](v))) return key as (string | number)[];
  } catch {
    /* fall through */
  }
  throw new AppError("invalid_params", {
    issues: [{ code: "invalid_cursor", path: "cursor", message: "is not a cursor this list returned; pass next_cursor from the previous page unchanged" }],
  });
}
