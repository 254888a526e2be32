// The server side of the one result shape (action-outcome.ts): a step of a server action parses
// its raw argument with its schema and runs; whatever refuses it (the schema, an AppError, a lost
// database connection, a bug) becomes the same failure the API answers for the same problem.
// Free of Next's request APIs, so integration tests call the steps directly.
import type { z } from "zod";
import { invalidParams, type Issue } from "../errors";
import { errorEnvelope } from "../rpc/envelope";
import { asAppError } from "../rpc/invoke";
import { parseWith } from "../schemas/zod-issues";
import { outcomeOfEnvelope, type ActionFailure, type ActionOutcome } from "./action-outcome";

/** The failure an error stands for, with the issues' details kept for the app's wording. */
export function failureOf(error: unknown, warnings: Issue[] = []): ActionFailure {
  return outcomeOfEnvelope<never>(errorEnvelope(null, asAppError(error), warnings, "app")) as ActionFailure;
}

/** Parses `raw` with `schema` (all issues at once, -32602) and runs `run` on what it gives. */
export async function actionStep<S extends z.ZodType, T>(
  schema: S,
  raw: unknown,
  run: (input: z.output<S>) => Promise<T>,
): Promise<ActionOutcome<T>> {
  const parsed = parseWith(schema, raw ?? {});
  if (!parsed.ok) return failureOf(invalidParams(parsed.issues));
  try {
    return { ok: true, result: await run(parsed.data), warnings: [] };
  } catch (error) {
    return failureOf(error);
  }
}
