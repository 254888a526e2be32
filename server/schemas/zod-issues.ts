// Turns zod's issues into ours: a code, the request path, and a message that says what was
// wrong and what is allowed. Pure; the browser uses it to show the same messages as the API.
import type { z } from "zod";
import { joinPath, type Issue } from "../errors";
import { isIssueCode, type IssueCode, type IssueDetails } from "../issue-codes";

type ZodIssue = z.core.$ZodIssue;

export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value.length > 40 ? `a string` : `the string ${JSON.stringify(value)}`;
  if (typeof value === "number")
    return Number.isInteger(value) ? `the number ${value}` : `the number ${value} (not a whole number)`;
  if (typeof value === "boolean") return `the boolean ${value}`;
  if (typeof value === "object") return "an object";
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = {
  int: "an integer",
  // Every number this API takes is a whole number, and zod names z.int() "number" for non-numbers.
  number: "an integer",
  string: "a string",
  boolean: "a boolean (true or false)",
  object: "an object",
  array: "an array",
};

export function pathOf(base: string, segments: readonly PropertyKey[]): string {
  let out = base;
  for (const seg of segments) out = joinPath(out, typeof seg === "number" ? seg : String(seg));
  return out;
}

/**
 * The `params` of a schema's own check (`ctx.addIssue`, `.refine`): the code it reports, typed so
 * that only a code of ISSUE_CODES can be given.
 */
export function issueParams(code: IssueCode): { code: IssueCode } {
  return { code };
}

/** `given` (IssueDetails) for a number out of bounds: the app's import dialog names it. */
function givenNumber(input: unknown): { given?: string } {
  return typeof input === "number" && Number.isFinite(input) ? { given: String(input) } : {};
}

function messageFor(issue: ZodIssue): { code: IssueCode; message: string; details?: IssueDetails } {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined)
        return { code: "required", message: `is required (${TYPE_NAMES[issue.expected] ?? issue.expected})` };
      if (input === null)
        return {
          code: "invalid_type",
          message: `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}, not null (leave the field out instead)`,
        };
      return {
        code: "invalid_type",
        message: `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${describeValue(input)}`,
      };
    }
    case "too_small": {
      const min = Number(issue.minimum);
      const details = { min: issue.inclusive === false ? min + 1 : min };
      if (issue.origin === "string")
        return {
          code: min <= 1 ? "empty" : "too_short",
          message: min <= 1 ? "must not be empty" : `must have at least ${min} characters`,
          details,
        };
      if (issue.origin === "array")
        return {
          code: min <= 1 ? "empty" : "too_few",
          message: min <= 1 ? "must not be empty" : `must have at least ${min} entries`,
          details,
        };
      return {
        code: "too_small",
        message: `must be ${issue.inclusive ? "at least" : "greater than"} ${min}, got ${describeValue(input)}`,
        details: { ...details, ...givenNumber(input) },
      };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      const details = { max: issue.inclusive === false ? max - 1 : max };
      if (issue.origin === "string")
        return { code: "too_long", message: `must have at most ${max} characters`, details };
      if (issue.origin === "array") return { code: "too_many", message: `must have at most ${max} entries`, details };
      return {
        code: "too_big",
        message: `must be ${issue.inclusive ? "at most" : "less than"} ${max}, got ${describeValue(input)}`,
        details: { ...details, ...givenNumber(input) },
      };
    }
    case "invalid_value":
      // A missing field with a fixed set of values is "required", like any other missing field.
      if (input === undefined)
        return {
          code: "required",
          message: `is required: one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
        };
      return {
        code: "invalid_value",
        message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(input)}`,
      };
    case "invalid_format":
      return { code: "invalid_format", message: issue.message };
    case "unrecognized_keys":
      return {
        code: "unknown_field",
        message: `unknown field(s) ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`,
      };
    case "invalid_union":
      return {
        code: "invalid_value",
        message: issue.message === "Invalid input" ? `has an invalid value: ${describeValue(input)}` : issue.message,
      };
    case "custom": {
      // Set through issueParams(), so it is one of ISSUE_CODES.
      const code: unknown = issue.params?.code;
      // A check may add what the app's wording needs (issueParams' code, plus `details`).
      const details = issue.params?.details as IssueDetails | undefined;
      const known = isIssueCode(code) ? code : "invalid";
      return details && Object.keys(details).length > 0
        ? { code: known, message: issue.message, details }
        : { code: known, message: issue.message };
    }
    default:
      return { code: "invalid", message: issue.message };
  }
}

/** Maps every zod issue to ours, prefixed with `base` (e.g. `exam`). */
export function zodIssues(error: z.ZodError, base = ""): Issue[] {
  return error.issues.map((issue) => {
    const { code, message, details } = messageFor(issue);
    const path = pathOf(base, issue.path);
    return details ? { code, path, message, details } : { code, path, message };
  });
}

/**
 * Parses with `schema`; on failure returns our issues. `reportInput` is on so messages can
 * say what was received.
 */
export function parseWith<T extends z.ZodType>(
  schema: T,
  value: unknown,
  base = "",
): { ok: true; data: z.output<T> } | { ok: false; issues: Issue[] } {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, issues: zodIssues(result.error, base) };
}
