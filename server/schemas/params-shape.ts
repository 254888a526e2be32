// What a call's params must be before anything else reads them: nested no deeper than
// MAX_PARAMS_DEPTH, and made only of text PostgreSQL can store. Pure, and walked without
// recursion: the depth is the client's, and a recursive walk over a few thousand nested arrays
// overflows the stack (an internal error instead of an answer). The walk stops descending at the
// limit, so everything that reads params after it (zod, the rules, the HTML and media checks)
// only ever sees a bounded depth.
import { joinPath, type Issue } from "../errors";

/**
 * How deeply arrays and objects may nest in params, params itself being level 1. The deepest
 * value any method takes is at level 5 (question.properties.points.<target>.<draggable>), so
 * this leaves room for clients that wrap values, and none for a stack overflow.
 */
export const MAX_PARAMS_DEPTH = 32;

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

/**
 * The problems of `params`' shape, in document order: every string or key that cannot be stored
 * (`invalid_character`), and the first array or object nested deeper than `maxDepth`
 * (`too_deep`; what is inside it is not looked at). Empty when the params are fine.
 */
export function paramsShapeIssues(params: unknown, maxDepth = MAX_PARAMS_DEPTH): Issue[] {
  const issues: Issue[] = [];
  let tooDeep = false;
  // Depth-first with an explicit stack; children are pushed in reverse to keep document order.
  // A frame of an object's entry carries its key's own problem, reported before its value's.
  const stack: { value: unknown; depth: number; at: At | null; keyProblem: string | null }[] = [{ value: params, depth: 1, at: null, keyProblem: null }];
  while (stack.length > 0) {
    const { value, depth, at, keyProblem } = stack.pop()!;
    if (keyProblem) issues.push({ code: "invalid_character", path: pathOf(at), message: `the key ${keyProblem}` });
    if (typeof value === "string") {
      const message = unstorable(value);
      if (message) issues.push({ code: "invalid_character", path: pathOf(at), message });
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > maxDepth) {
      if (!tooDeep) {
        tooDeep = true;
        issues.push({
          code: "too_deep",
          path: pathOf(at),
          message: `is nested too deeply: arrays and objects may nest at most ${maxDepth} levels deep in params, params itself being level 1 (this one is at level ${depth})`,
        });
      }
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1, at: { parent: at, key: i }, keyProblem: null });
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, depth: depth + 1, at: { parent: at, key }, keyProblem: unstorable(key) });
    }
  }
  return issues;
}
