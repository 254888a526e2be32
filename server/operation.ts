// The shape of an operation: one API method = one file = one of these. The RPC layer and the
// web app's server actions both call `executeOperation`, so there is one path that writes.
import type { z } from "zod";
import { invalidParams, Report, type Issue } from "./errors";
import { checkParamsShape } from "./schemas/params-shape";
import { parseWith } from "./schemas/zod-issues";
import type { Need } from "./domain/roles";
import type { Actor, AppContext } from "./context";

export interface OpContext extends AppContext {
  actor: Actor;
  method: string;
  /** What the method needs of the caller's role (its operation's `access`). */
  need: Need;
  /** Errors and warnings of this call; warnings travel back with the result. */
  report: Report;
}

export interface Operation<S extends z.ZodType = z.ZodType, R extends object = object, M extends string = string> {
  /** The API method's name; kept as its literal type, so OPERATIONS types each call by name. */
  method: M;
  /** Validates the call's params; the same schema serves server actions, forms and the docs. */
  params: S;
  summary: string;
  /** What the caller's role must allow (contract 14.1.2): checked where the method finds its exam. */
  access: Need;
  /**
   * What each field of the result holds, for the API reference. Keyed by the result's own type, so
   * a renamed or added field fails the type check until it is described here.
   */
  result?: NoInfer<{ [K in keyof R]-?: string }>;
  /** Warnings read off the raw params before parsing drops what it does not know (unknown fields). */
  inspect?(raw: unknown): Issue[];
  /**
   * Errors of the deeper rules, found on the raw params. Used only when the schema rejects the
   * params, so that a request with a wrong type in one field still hears about its other problems.
   */
  explain?(raw: unknown): Issue[];
  run(ctx: OpContext, input: z.output<S>): Promise<R>;
}

export function defineOperation<const M extends string, S extends z.ZodType, R extends object>(
  op: Operation<S, R, M>,
): Operation<S, R, M> {
  return op;
}

export interface OperationOutcome<R> {
  result: R & { completed: true };
  warnings: Issue[];
}

/** Thrown errors carry the warnings collected before the failure, so they can be reported too. */
export class OperationFailure extends Error {
  constructor(
    readonly cause: unknown,
    readonly warnings: Issue[],
  ) {
    super("operation failed");
  }
}

/**
 * Parses `rawParams` with the operation's schema and runs it. Schema problems are reported all
 * together as -32602; the operation itself opens its transaction around what it writes.
 */
export async function executeOperation<S extends z.ZodType, R extends object>(
  app: AppContext,
  actor: Actor,
  op: Operation<S, R>,
  rawParams: unknown,
): Promise<OperationOutcome<R>> {
  const report = new Report();
  try {
    // First, and on its own when params are too deep or too big: nothing else reads them unchecked.
    const shape = checkParamsShape(rawParams ?? {});
    if (!shape.readable) throw invalidParams(shape.issues);
    for (const w of op.inspect?.(rawParams) ?? []) report.warn(w.code, w.path, w.message);
    const parsed = parseWith(op.params, rawParams ?? {});
    if (!parsed.ok || shape.issues.length > 0) {
      const issues = [...shape.issues, ...(parsed.ok ? [] : parsed.issues)];
      const reported = new Set(issues.map((i) => i.path));
      if (!parsed.ok)
        for (const issue of op.explain?.(rawParams) ?? []) if (!reported.has(issue.path)) issues.push(issue);
      throw invalidParams(issues);
    }
    const result = await op.run({ ...app, actor, method: op.method, need: op.access, report }, parsed.data);
    return { result: { ...result, completed: true }, warnings: report.warnings };
  } catch (error) {
    throw new OperationFailure(error, report.warnings);
  }
}
