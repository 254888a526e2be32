// Number fields keep the text the author typed; this reads it against what the field takes.
// Whatever is not a whole number in the field's range is an issue at the field (code
// `invalid_number`, worded for the author by components/issues/author-text.ts), never a number
// made up from it: "thirty", "-5" for a time limit or "2.5" are refused, not sent as something else.
import type { Issue } from "@/server/errors";

/** What a number field takes: whole numbers within [min, max]; `unit` names them in the wording. */
export interface NumberRule {
  min?: number;
  max?: number;
  unit?: string;
  /** An empty field is allowed and means "none" (read as undefined). */
  optional?: boolean;
}

const INT32 = { min: -2147483648, max: 2147483647 };
const WHOLE = /^[+-]?\d+$/;

export type NumberRead = { ok: true; value: number | undefined } | { ok: false; issue: Issue };

/** The issue of a field whose text does not meet its rule. */
export function numberIssue(path: string, rule: NumberRule): Issue {
  const { min, max, unit } = rule;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of at least ${min}`
        : max !== undefined
          ? ` of at most ${max}`
          : "";
  return {
    code: "invalid_number",
    path,
    message: `must be a whole number${range}`,
    details: {
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(unit ? { unit } : {}),
    },
  };
}

export function readNumber(text: string, rule: NumberRule, path: string): NumberRead {
  const trimmed = text.trim();
  if (trimmed === "")
    return rule.optional ? { ok: true, value: undefined } : { ok: false, issue: numberIssue(path, rule) };
  const value = WHOLE.test(trimmed) ? Number(trimmed) : NaN;
  const min = Math.max(rule.min ?? INT32.min, INT32.min);
  const max = Math.min(rule.max ?? INT32.max, INT32.max);
  if (!Number.isInteger(value) || value < min || value > max) return { ok: false, issue: numberIssue(path, rule) };
  return { ok: true, value: value === 0 ? 0 : value };
}

/** The rules of the app's number fields that are the same wherever they appear. */
export const NUMBER_RULES = {
  passingScore: { min: 0, max: 100 },
  testingQuestions: { min: 0, unit: "questions" },
  testingTime: { min: 0, unit: "minutes" },
  questionPoints: { min: 0 },
  /** An answer's or accepted value's points: negative is a penalty; empty is none. */
  itemPoints: { optional: true },
  textSimilarity: { min: 0, max: 100 },
} as const satisfies Record<string, NumberRule>;
