// What a call's params must be before anything else reads them: nested no deeper than
// MAX_PARAMS_DEPTH, and made only of text PostgreSQL can store. Pure, and walked without
// recursion: the depth is the client's, and a recursive walk over a few thousand nested arrays
// overflows the stack (an internal error instead of an answer). The walk stops descending at the
// limit, so everything that reads params after it (zod, the rules, the HTML and media checks)
// only ever sees a bounded depth.
import { joinPath, MAX_REPORTED_ISSUES, type Issue } from "../errors";

/**
 * How deeply arrays and objects may nest in params, params itself being level 1. The deepest
 * value any method takes is at level 5 (question.properties.points.<target>.<draggable>), so
 * this leaves room for clients that wrap values, and none for a stack overflow.
 */
export const MAX_PARAMS_DEPTH = 32;

/** Entries of one array or object: the longest list any method takes is questionReorder's question_ids. */
export const MAX_PARAMS_ENTRIES = 100_000;

/**
 * Values in all of params (every element and entry, at any level). Reading a request costs the
 * thread that answers every request time in proportion to its values (JSON parsing, this walk,
 * writing the answer): about 0.3 ms per thousand, so this keeps each step of the largest call
 * under a tenth of a second. It is ten times the largest real question (a drag & drop question
 * with 100 targets, 100 draggables and points for every pair is about 10,000 values); a points
 * map over 500 × 500 pairs, which the id format would allow, is refused.
 */
export const MAX_PARAMS_VALUES = 250_000;

/** More unstorable strings than this are not listed one by one (the answer lists at most this many issues). */
const MAX_LISTED = MAX_REPORTED_ISSUES;

/** A place in params, linked to its parent, so that a path is only spelled out for an issue. */
interface At {
  parent: At | null;
  key: string | number;
}

function pathOf(at: At | null): string {
  const keys: (string | number)[] = [];
  for (let a = at; a; a = a.parent) keys.push(a.key);
  let path = "";
  for (let i = keys.length - 1; i >= 0; i--) path = joinPath(path, keys[i]!);
  return path;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL cannot store U+0000 (text and jsonb) nor a lone UTF-16 surrogate (jsonb): such a
 * string or key would fail the write as an internal error, so it is refused up front.
 */
function unstorable(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text (it holds an unpaired UTF-16 surrogate)";
  return null;
}

export interface ParamsShape {
  /** In document order: strings and keys that cannot be stored, and what is too deep or too big. */
  issues: Issue[];
  /**
   * False when params are too deep or too big to be read any further: the call is refused with
   * these issues alone (nothing else looks at params).
   */
  readable: boolean;
}

/**
 * The problems of `params`' shape: every string or key that cannot be stored
 * (`invalid_character`), the first array or object nested deeper than MAX_PARAMS_DEPTH
 * (`too_deep`; what is inside it is not looked at), every one holding more than
 * MAX_PARAMS_ENTRIES entries (`too_many_entries`, not looked into either), and more than
 * MAX_PARAMS_VALUES values in all (`too_many_values`; the walk stops there).
 */
export function checkParamsShape(
  params: unknown,
  limits: { depth: number; entries: number; values: number } = {
    depth: MAX_PARAMS_DEPTH,
    entries: MAX_PARAMS_ENTRIES,
    values: MAX_PARAMS_VALUES,
  },
): ParamsShape {
  const issues: Issue[] = [];
  let tooDeep = false;
  let readable = true;
  let values = 0;
  const unstorableAt = (at: At | null, message: string) => {
    if (issues.length <= MAX_LISTED) issues.push({ code: "invalid_character", path: pathOf(at), message });
  };
  // Depth-first with an explicit stack; children are pushed in reverse to keep document order.
  // A frame of an object's entry carries its key's own problem, reported before its value's.
  const stack: { value: unknown; depth: number; at: At | null; keyProblem: string | null }[] = [
    { value: params, depth: 1, at: null, keyProblem: null },
  ];
  while (stack.length > 0) {
    const { value, depth, at, keyProblem } = stack.pop()!;
    if (keyProblem) unstorableAt(at, `the key ${keyProblem}`);
    if (typeof value === "string") {
      const message = unstorable(value);
      if (message) unstorableAt(at, message);
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > limits.depth) {
      readable = false;
      if (!tooDeep) {
        tooDeep = true;
        issues.push({
          code: "too_deep",
          path: pathOf(at),
          message: `is nested too deeply: arrays and objects may nest at most ${limits.depth} levels deep in params, params itself being level 1 (this one is at level ${depth})`,
        });
      }
      continue;
    }
    const entries = Array.isArray(value) ? null : Object.entries(value);
    const size = entries ? entries.length : (value as unknown[]).length;
    if (size > limits.entries) {
      readable = false;
      issues.push({
        code: "too_many_entries",
        path: pathOf(at),
        message: `holds ${size} ${entries ? "entries" : "items"}; an array or object in params may hold at most ${limits.entries}`,
      });
      continue;
    }
    values += size;
    if (values > limits.values) {
      issues.push({
        code: "too_many_values",
        path: "",
        message: `params hold more than ${limits.values} values (array items and object entries at every level); that is the most a call may send`,
      });
      return { issues, readable: false };
    }
    if (!entries) {
      const list = value as unknown[];
      for (let i = list.length - 1; i >= 0; i--)
        stack.push({ value: list[i], depth: depth + 1, at: { parent: at, key: i }, keyProblem: null });
      continue;
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, depth: depth + 1, at: { parent: at, key }, keyProblem: unstorable(key) });
    }
  }
  return { issues, readable };
}
