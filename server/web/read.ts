// Reads for server-component pages, through the same operations (and so the same ownership
// checks and API views) as /api/json. Something missing, someone else's or malformed in the URL
// becomes the 404 page: a page never tells another user's exam from one that does not exist.
import "server-only";
import { notFound } from "next/navigation";
import type { z } from "zod";
import { getAppContext } from "../app-context";
import { AppError, type AppErrorKind } from "../errors";
import { executeOperation, OperationFailure, type Operation } from "../operation";
import { materialize, type Materialized } from "../raw-json";
import { idFromText } from "./id-text";
import { webActor, type Author } from "./session";

export async function readOperation<S extends z.ZodType, R extends object>(
  author: Author,
  op: Operation<S, R>,
  params: z.input<S>,
): Promise<Materialized<R>> {
  return (await readOrAbsent(author, op, params, ["not_found", "invalid_params"])) ?? notFound();
}

/**
 * Like readOperation, but null when the object is missing or not the author's: for a page that
 * only asks whether something still exists (the history links to what is left).
 */
export function readOperationOrNull<S extends z.ZodType, R extends object>(
  author: Author,
  op: Operation<S, R>,
  params: z.input<S>,
): Promise<Materialized<R> | null> {
  return readOrAbsent(author, op, params, ["not_found"]);
}

/** Runs a read as the author; an error of one of `absent` kinds comes back as null. */
async function readOrAbsent<S extends z.ZodType, R extends object>(
  author: Author,
  op: Operation<S, R>,
  params: z.input<S>,
  absent: readonly AppErrorKind[],
): Promise<Materialized<R> | null> {
  try {
    const { result } = await executeOperation(await getAppContext(), webActor(author), op, params);
    return materialize(result as R);
  } catch (error) {
    const cause = error instanceof OperationFailure ? error.cause : error;
    if (cause instanceof AppError && absent.includes(cause.kind)) return null;
    throw cause;
  }
}

/** A numeric id from a route segment, or the 404 page. */
export function idFromParam(raw: string): number {
  return idFromText(raw) ?? notFound();
}
