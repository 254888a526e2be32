// Opaque list cursors: the sort key of the last row returned, base64url-encoded JSON.
import { AppError } from "../errors";

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/**
 * Decodes a cursor made by encodeCursor with the same shape, or throws -32602 at `cursor`. The
 * numbers of every cursor are ids and positions: whole numbers (1.5 would reach the database as an
 * integer it cannot be).
 */
export function decodeCursor(cursor: string, shape: ("string" | "number")[]): (string | number)[] {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(key) && key.length === shape.length && key.every((v, i) => typeof v === shape[i] && (typeof v !== "number" || Number.isSafeInteger(v)))) return key as (string | number)[];
  } catch {
    /* fall through */
  }
  throw new AppError("invalid_params", {
    issues: [{ code: "invalid_cursor", path: "cursor", message: "is not a cursor this list returned; pass next_cursor from the previous page unchanged" }],
  });
}
