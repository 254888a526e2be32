// What the fuzz test generates: a template of the JSON text to send. Ordinary JSON values plus
// three leaves that a JavaScript value cannot carry: a reference to an object of the test's world
// (resolved to its current id when the call is sent, so a run replays the same calls whatever ids
// the database hands out), literal JSON text (numbers such as 1e400 or -0, nesting thousands of
// levels deep that must never be built as a value in this process) and an object that repeats a
// key. Templates themselves stay shallow, so writing one out may recurse.
import fc from "fast-check";

/** A name of the world's objects and values; see world.ts for what each resolves to. */
export type RefName =
  | "exam"
  | "exam2"
  | "examB"
  | "caseStudy"
  | "caseStudy2"
  | "caseStudyB"
  | "question1"
  | "question2"
  | "question3"
  | "question4"
  | "question5"
  | "question6"
  | "question7"
  | "questionB"
  | "questionIds"
  | "deletedExam"
  | "missing"
  | "mediaPng"
  | "mediaMp3"
  | "mediaB"
  | "mediaUnknown"
  | "comment"
  | "commentB"
  | "tokenA"
  | "tokenB"
  | "tokenRevoked"
  | "tokenExpired"
  | "tokenUnknown"
  | "examCursor"
  | "questionCursor"
  | "caseStudyCursor"
  | "historyCursor"
  | "commentCursor";

export class Ref {
  constructor(readonly name: RefName) {}
  [fc.toStringMethod](): string {
    return `Ref(${this.name})`;
  }
}

export class RawText {
  /** `label` is what a failure report shows instead of the (possibly huge) text. */
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod](): string {
    return `Raw(${this.label})`;
  }
}

export class DupObject {
  constructor(readonly entries: readonly (readonly [string, Template])[]) {}
  [fc.toStringMethod](): string {
    return `Dup{${this.entries.map(([k, v]) => `${JSON.stringify(k)}: ${fc.stringify(v)}`).join(", ")}}`;
  }
}

export type Template =
  null | boolean | number | string | Ref | RawText | DupObject | Template[] | { [key: string]: Template };

export const isPlainTemplateObject = (t: Template): t is { [key: string]: Template } =>
  typeof t === "object" &&
  t !== null &&
  !Array.isArray(t) &&
  !(t instanceof Ref) &&
  !(t instanceof RawText) &&
  !(t instanceof DupObject);

/** The JSON text of `t`, each Ref written as `resolve` says. */
export function writeJson(t: Template, resolve: (ref: Ref) => unknown): string {
  if (t instanceof Ref) return JSON.stringify(resolve(t));
  if (t instanceof RawText) return t.text;
  if (t instanceof DupObject)
    return `{${t.entries.map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v, resolve)}`).join(",")}}`;
  if (Array.isArray(t)) return `[${t.map((v) => writeJson(v, resolve)).join(",")}]`;
  if (isPlainTemplateObject(t))
    return `{${Object.entries(t)
      .map(([k, v]) => `${JSON.stringify(k)}:${writeJson(v, resolve)}`)
      .join(",")}}`;
  return JSON.stringify(t);
}

/** A long or odd value written as literal text, shown by its label in failure reports. */
export const raw = (text: string, label = text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text) =>
  new RawText(text, label);

/** A string of `n` copies of `unit`, as a JSON string literal. */
export const longString = (unit: string, n: number) =>
  new RawText(JSON.stringify(unit.repeat(n)), `${JSON.stringify(unit)}×${n}`);

/** `n` nested arrays (or objects under key "a") around `inner` JSON text. */
export function nestedText(n: number, kind: "array" | "object", inner = "1"): RawText {
  const text = kind === "array" ? "[".repeat(n) + inner + "]".repeat(n) : '{"a":'.repeat(n) + inner + "}".repeat(n);
  return new RawText(text, `${kind}s nested ${n} deep`);
}
