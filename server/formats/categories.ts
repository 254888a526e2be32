// Question categories as blueprint domains (contract 15.3), for Moodle XML's `category`
// pseudo-questions and GIFT's `$CATEGORY:` lines. A category is a path such as
// `$course$/top/1.0 Network Fundamentals`; each category a file names becomes a domain of the
// plan (weight 0: a category has no weight), and each question goes into the category named last
// before it. The export writes a domain as `$course$/top/CODE NAME` (with the code as the
// category's idnumber in Moodle XML), and the questions without a domain in a category named
// after the exam, marked by its description (NO_DOMAIN_INFO) so that the import leaves them
// without one. Pure.
import { codeKey, DOMAIN_CODE_MAX, DOMAIN_NAME_MAX, DOMAINS_MAX } from "../schemas/blueprint";
import type { FileDomain, ImportPlan, PlanItem } from "./types";

/** The description (Moodle's category `info`) of the category our export puts the questions without a domain in. */
export const NO_DOMAIN_INFO = "Exam Studio: the questions of this exam that are in no domain";

/** Moodle writes a `/` inside a category's name as `//`. */
const escapeSegment = (name: string) => name.replaceAll("/", "//");

/** The category path of a domain, as our exports write it. */
export function domainCategoryPath(domain: { code: string; name: string }): string {
  return `$course$/top/${escapeSegment(`${domain.code} ${domain.name}`)}`;
}

/** The category path of the questions without a domain: named after the exam. */
export function examCategoryPath(title: string): string {
  return `$course$/top/${escapeSegment(title)}`;
}

/**
 * The category's names below its context (`$course$/`, `$system$/`, `$cat1$/`, …) and Moodle's
 * `top`, as Moodle splits a path: at each single `/`, a `//` being a `/` within a name. Empty for
 * the context's top category itself.
 */
export function categorySegments(path: string): string[] {
  const held = "\u0000";
  const rest = path.trim().replace(/^\$[a-z0-9]+\$(\/|$)/i, "");
  const segments = rest
    .replaceAll("//", held)
    .split("/")
    .map((s) => s.replaceAll(held, "/").trim())
    .filter((s) => s !== "");
  if (segments[0]?.toLowerCase() === "top") segments.shift();
  return segments;
}

/** `text` cut to `max` characters (code points), without trailing spaces. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join("").trimEnd();
}

/**
 * A category's code and name. Its name is its own (the path's last part; the path below the top
 * when another category already has that name). Its code is its idnumber when it has one that can
 * be a code (our export writes the domain's code there), the name then without that code in
 * front; else a first word of the name with a digit in it (`1.0 Network Fundamentals`,
 * `D2 Security`); else the name itself, cut to a code's length.
 */
function codeAndName(
  segments: readonly string[],
  idnumber: string,
  named: ReadonlySet<string>,
): { code: string; name: string } {
  const label = segments.join("/");
  const own = segments.at(-1)!;
  const text = named.has(own.toLowerCase()) ? label : own;
  if (idnumber !== "" && [...idnumber].length <= DOMAIN_CODE_MAX) {
    const rest = text.toLowerCase().startsWith(`${idnumber.toLowerCase()} `) ? text.slice(idnumber.length).trim() : "";
    return { code: idnumber, name: cut(rest || text, DOMAIN_NAME_MAX) };
  }
  const worded = /^(\S+)\s+(\S[\s\S]*)$/.exec(text);
  if (worded && [...worded[1]!].length <= DOMAIN_CODE_MAX && /\d/.test(worded[1]!))
    return { code: worded[1]!, name: cut(worded[2]!, DOMAIN_NAME_MAX) };
  return { code: cut(text, DOMAIN_CODE_MAX), name: cut(text, DOMAIN_NAME_MAX) };
}

interface Found {
  domain: FileDomain;
  /** Named by an idnumber: a domain even without questions (our export writes every domain so). */
  explicit: boolean;
}

/**
 * The categories of one file, in the order it names them, as domains. A category becomes a domain
 * when a question of the file is imported into it, or when it has an idnumber: Moodle writes the
 * parent categories of a path (`Default for …`) without questions of their own, and those are no
 * domains.
 */
export class CategoryDomains {
  private readonly found: Found[] = [];
  private readonly byLabel = new Map<string, string | null>();
  private readonly codes = new Set<string>();
  /** The categories' own names so far, lower-cased. */
  private readonly owns = new Set<string>();
  /** Whether the file names any category at all (then a question before the first has none). */
  named = false;

  /**
   * The code of the domain of the category at `path` (its idnumber and description as Moodle XML
   * gives them); null for the context's top category and for our own category of questions
   * without a domain.
   */
  enter(path: string, options: { idnumber?: string | null; info?: string | null } = {}): string | null {
    this.named = true;
    if ((options.info ?? "").trim().startsWith(NO_DOMAIN_INFO)) return null;
    const segments = categorySegments(path);
    if (segments.length === 0) return null;
    const label = segments.join("/");
    const own = segments.at(-1)!;
    const idnumber = (options.idnumber ?? "").trim();
    const key = `${label}\u0000${idnumber}`;
    const known = this.byLabel.get(key);
    if (known !== undefined) return known;
    const { code: wanted, name } = codeAndName(segments, idnumber, this.owns);
    const code = this.unique(wanted);
    this.codes.add(codeKey(code));
    this.owns.add(own.toLowerCase());
    const aliases = own === label ? [label] : [label, own];
    this.found.push({ domain: { code, name, weight: 0, aliases }, explicit: idnumber !== "" });
    this.byLabel.set(key, code);
    return code;
  }

  /** `wanted`, or with `-2`, `-3`, … at its end when another category has that code. */
  private unique(wanted: string): string {
    if (!this.codes.has(codeKey(wanted))) return wanted;
    for (let n = 2; ; n++) {
      const suffix = `-${n}`;
      const code = `${cut(wanted, DOMAIN_CODE_MAX - suffix.length)}${suffix}`;
      if (!this.codes.has(codeKey(code))) return code;
    }
  }

  /**
   * The plan's blueprint, once every item has the code of its category (`domain`, undefined or
   * null for none; settled here: left out when the file names no category): the categories
   * that are domains, at most DOMAINS_MAX of them (the items of later ones get none, which a
   * warning of the file says), added to an exam without weights that lacks them. Nothing when the
   * file names no category.
   */
  finish(items: PlanItem[]): { plan: Pick<ImportPlan, "domains" | "addMissingDomains">; warnings: string[] } {
    if (!this.named) {
      // The file says nothing of domains: an update keeps a question's.
      for (const item of items) delete item.domain;
      return { plan: {}, warnings: [] };
    }
    // A question before the first category has none.
    for (const item of items) if (item.params !== null && item.domain === undefined) item.domain = null;
    const used = new Set(
      items.flatMap((i) => (i.params !== null && typeof i.domain === "string" ? [codeKey(i.domain)] : [])),
    );
    const kept = this.found.filter((f) => f.explicit || used.has(codeKey(f.domain.code)));
    const beyond = kept.slice(DOMAINS_MAX).map((f) => f.domain);
    const warnings: string[] = [];
    if (beyond.length > 0) {
      const left = new Set(beyond.map((d) => codeKey(d.code)));
      for (const item of items)
        if (typeof item.domain === "string" && left.has(codeKey(item.domain))) item.domain = null;
      warnings.push(
        `it names more than ${DOMAINS_MAX} categories, and an exam has at most ${DOMAINS_MAX} domains: the questions of the categories ${beyond.map((d) => JSON.stringify(d.aliases?.[0] ?? d.name)).join(", ")} have no domain`,
      );
    }
    return {
      plan: { domains: kept.slice(0, DOMAINS_MAX).map((f) => f.domain), addMissingDomains: true },
      warnings,
    };
  }
}
