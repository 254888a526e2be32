// Mutations of valid params: a few changes at random places of a seed, each chosen to suit the
// place (HTML where HTML goes, Base64 under resources, ids where ids go), so that most calls get
// past the schema and reach the rules, the HTML policy, the media checks and the database.
import fc from "fast-check";
import { DupObject, isPlainTemplateObject, Ref, writeJson, type Template } from "./template";
import {
  anyValue,
  base64Value,
  cursorValue,
  deepValue,
  htmlValue,
  numberValue,
  oddKey,
  refValue,
  resourceKeyValue,
  stringValue,
  wrongTypeValue,
} from "./values";

type Path = (string | number)[];
type Obj = { [key: string]: Template };

const HTML_KEYS = new Set(["question", "explanation", "answer", "description"]);
const NUMBER_KEYS = new Set([
  "type",
  "points",
  "order",
  "x",
  "y",
  "width",
  "height",
  "limit",
  "passing_score",
  "testing_questions",
  "testing_time",
  "text_similarity",
  "evaluation_method",
  "check_answer",
]);
const ID_KEYS = new Set(["id", "exam_id", "test_id", "case_study_id", "object_id", "old_id"]);

/** Every place in `t` that a mutation may change: the root, each key and each element. */
function places(t: Template, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(t)) t.forEach((v, i) => places(v, [...path, i], out));
  else if (isPlainTemplateObject(t)) for (const [k, v] of Object.entries(t)) places(v, [...path, k], out);
  return out;
}

function getAt(t: Template, path: Path): Template | undefined {
  let node: Template | undefined = t;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (node !== undefined && isPlainTemplateObject(node) && typeof key === "string") node = node[key];
    else return undefined;
  }
  return node;
}

/** `t` with the value at `path` replaced by `f(old)`, or removed when `f` returns undefined. */
function updateAt(t: Template, path: Path, f: (old: Template | undefined) => Template | undefined): Template {
  if (path.length === 0) return f(t) ?? {};
  const [key, ...rest] = path;
  if (Array.isArray(t) && typeof key === "number") {
    const copy = [...t];
    const value = rest.length === 0 ? f(t[key]) : updateAt(t[key]!, rest, f);
    if (value === undefined) copy.splice(key, 1);
    else copy[key] = value;
    return copy;
  }
  if (isPlainTemplateObject(t) && typeof key === "string") {
    const copy: Obj = { ...t };
    const value = rest.length === 0 ? f(t[key]) : updateAt(t[key] ?? {}, rest, f);
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy;
  }
  return t;
}

/** One value of each pool, drawn for a mutation step; the step takes the one that suits its place. */
const drawnValues = fc.record({
  any: anyValue,
  base64: base64Value,
  html: htmlValue,
  cursor: cursorValue,
  ref: refValue,
  number: numberValue,
  string: stringValue,
  wrongType: wrongTypeValue,
  deep: deepValue,
  resourceKey: resourceKeyValue,
  oddKey,
});
type Drawn = typeof drawnValues extends fc.Arbitrary<infer T> ? T : never;

/** A value that suits the place (its key, and what is there now); `choice` picks among them. */
function valueFor(path: Path, current: Template | undefined, drawn: Drawn, choice: number): Template {
  const key = path[path.length - 1];
  const parent = path[path.length - 2];
  const fitting: Template[] = [];
  if (parent === "resources") fitting.push(drawn.base64);
  if (typeof key === "string" && HTML_KEYS.has(key)) fitting.push(drawn.html);
  if (key === "cursor") fitting.push(drawn.cursor);
  if (key === "image") fitting.push(drawn.resourceKey, drawn.ref);
  if (current instanceof Ref || (typeof key === "string" && ID_KEYS.has(key)) || parent === "question_ids")
    fitting.push(drawn.ref, drawn.number);
  if (typeof current === "number" || (typeof key === "string" && NUMBER_KEYS.has(key))) fitting.push(drawn.number);
  if (typeof current === "string") fitting.push(drawn.string);
  if (typeof current === "boolean") fitting.push(drawn.wrongType);
  // One time in four (and whenever nothing fits) anything at all.
  if (fitting.length === 0 || choice % 4 === 0) return drawn.any;
  return fitting[choice % fitting.length]!;
}

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

const MUTATIONS = [
  "replace",
  "replace",
  "replace",
  "delete",
  "add-key",
  "duplicate-key",
  "wrap",
  "deep",
  "big-array",
  "html",
  "html",
  "media",
  "media",
  "resources",
] as const;

const step = fc.record({
  kind: fc.constantFrom(...MUTATIONS),
  /** Which place (modulo the number of places that suit the step). */
  place: fc.nat(),
  choice: fc.nat(),
  flag: fc.boolean(),
  size: fc.constantFrom(0, 1, 3, 101, 1_000, 5_000, 20_000),
  tag: fc.constantFrom("img", "audio", "video", "source", "poster"),
  drawn: drawnValues,
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Params: a seed of the method with 0 to 3 mutations. */
export function mutatedParams(seeds: readonly Template[]): fc.Arbitrary<Template> {
  return fc
    .tuple(
      fc.nat({ max: seeds.length - 1 }),
      fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 6, arbitrary: fc.array(step, { minLength: 1, maxLength: 3 }) },
      ),
    )
    .map(([seed, steps]) => steps.reduce(mutateOnce, seeds[seed]!));
}

function mutateOnce(t: Template, s: Step): Template {
  const all = places(t);
  const pick = (list: Path[]) => list[s.place % list.length]!;
  // The params themselves are replaced rarely: a call whose params are not an object stops at the envelope.
  const inner = all.filter((p) => p.length > 0);
  const anywhere = () => (inner.length === 0 || s.choice % 10 === 0 ? pick(all) : pick(inner));
  switch (s.kind) {
    case "replace": {
      const path = anywhere();
      return updateAt(t, path, (old) => valueFor(path, old, s.drawn, s.choice));
    }
    case "delete":
      return inner.length === 0 ? t : updateAt(t, pick(inner), () => undefined);
    case "add-key": {
      const objects = all.filter((p) => isPlainTemplateObject(getAt(t, p)!));
      if (objects.length === 0) return t;
      return updateAt(t, pick(objects), (old) => ({ ...(old as Obj), [s.drawn.oddKey]: s.drawn.any }));
    }
    case "duplicate-key": {
      // JSON text that names a key twice: the server's JSON.parse keeps the last one.
      const objects = all.filter((p) => {
        const node = getAt(t, p);
        return isPlainTemplateObject(node!) && Object.keys(node as Obj).length > 0;
      });
      if (objects.length === 0) return t;
      const path = pick(objects);
      return updateAt(t, path, (old) => {
        const entries = Object.entries(old as Obj);
        const [key, value] = entries[s.choice % entries.length]!;
        const other = valueFor([...path, key], value, s.drawn, s.choice >> 2);
        return s.flag ? new DupObject([...entries, [key, other]]) : new DupObject([[key, other], ...entries]);
      });
    }
    case "wrap":
      return updateAt(t, anywhere(), (old) => (s.flag ? [old ?? null] : { value: old ?? null }));
    case "deep":
      return updateAt(t, anywhere(), () => s.drawn.deep);
    case "big-array":
      return updateAt(t, anywhere(), (old) => {
        const element = Array.isArray(old) && old.length > 0 ? old[0]! : (old ?? 1);
        // Big, but well within the body limit: about 2 MB of copies at most.
        const size = Math.max(
          2,
          Math.min(Math.max(s.size, 101), Math.floor(2_000_000 / writeJson(element, () => 1).length)),
        );
        return Array.from({ length: size }, () => element);
      });
    case "html": {
      // An HTML field (when the params have one) gets HTML the policy must refuse or clean.
      const htmlPlaces = all.filter(
        (p) =>
          typeof p[p.length - 1] === "string" &&
          HTML_KEYS.has(p[p.length - 1] as string) &&
          typeof getAt(t, p) === "string",
      );
      return htmlPlaces.length === 0 ? t : updateAt(t, pick(htmlPlaces), () => s.drawn.html);
    }
    case "media": {
      // A media reference and the resource it names, so the media checks run on what is sent.
      const key = s.drawn.resourceKey;
      const htmlPlaces = all.filter(
        (p) =>
          typeof p[p.length - 1] === "string" &&
          HTML_KEYS.has(p[p.length - 1] as string) &&
          typeof getAt(t, p) === "string",
      );
      const imagePlaces = all.filter((p) => p[p.length - 1] === "image");
      const targets = [...htmlPlaces, ...imagePlaces];
      let out = t;
      if (targets.length > 0) {
        const path = pick(targets);
        const ref = escapeAttribute(key);
        const html =
          s.tag === "poster"
            ? `<p>x</p><video poster="${ref}"></video>`
            : `<p>x</p><${s.tag} src="${ref}">${s.tag === "img" || s.tag === "source" ? "" : `</${s.tag}>`}`;
        out = updateAt(out, path, () => (path[path.length - 1] === "image" ? key : html));
      }
      if (!isPlainTemplateObject(out)) return out;
      return updateAt(out, ["resources"], (old) => ({
        ...(old !== undefined && isPlainTemplateObject(old) ? old : {}),
        [key]: s.drawn.base64,
      }));
    }
    case "resources": {
      if (!isPlainTemplateObject(t)) return t;
      const size = Math.min(s.size, 101);
      const entries: [string, Template][] = [];
      for (let i = 0; i < size; i++)
        entries.push(i === 0 ? [s.drawn.resourceKey, s.drawn.base64] : [`r${i}.png`, "iVBORw0KGgo="]);
      return { ...t, resources: Object.fromEntries(entries) };
    }
    default:
      return t;
  }
}
