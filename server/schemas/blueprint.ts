// An exam's blueprint and a question's tags (contract 15.1 points 1 and 3): the `domains` of
// examCreate / examUpdate and the `tags` of questionCreate / questionUpdate, with the rules that
// hold within one list (codes unique without regard to case, weights that sum to 100 or are all
// 0, tags without duplicates). Pure, so the settings form and the question editor check with the
// same rules; what needs the stored exam (a domain id of another exam) is checked by the
// operations (server/steps/blueprint.ts).
import { z } from "zod";
import { id } from "./common";
import { issueParams } from "./zod-issues";

export const DOMAINS_MAX = 50;
export const DOMAIN_CODE_MAX = 20;
export const DOMAIN_NAME_MAX = 200;
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

/** One domain as a request sends it: with the `id` of a stored domain to keep it, without to add one. */
export const domainInput = z.object({
  id: id
    .optional()
    .describe(
      "examUpdate: the stored domain this entry keeps (its questions stay in it). Left out: a new domain. Not sent on examCreate.",
    ),
  code: z
    .string()
    .trim()
    .min(1)
    .max(DOMAIN_CODE_MAX)
    .describe(
      `Trimmed, 1 to ${DOMAIN_CODE_MAX} characters, unique within the exam without regard to case (for example "1.0").`,
    ),
  name: z.string().trim().min(1).max(DOMAIN_NAME_MAX).describe(`Trimmed, 1 to ${DOMAIN_NAME_MAX} characters.`),
  weight: z
    .int()
    .min(0)
    .max(100)
    .describe("The percent of the drawn questions, 0 to 100. When any weight is not 0, the weights sum to 100."),
});

export type DomainInput = z.output<typeof domainInput>;

/** How a code is compared with the others of its exam. */
export const codeKey = (code: string) => code.trim().toLowerCase();

/** How a tag is compared with the others (of a question, and in questionList's `tag` filter). */
export const tagKey = (tag: string) => tag.trim().toLowerCase();

/** The sum of the weights. */
export const weightSum = (domains: readonly { weight: number }[]) => domains.reduce((sum, d) => sum + d.weight, 0);

/** Whether the blueprint has weights (any not 0): then they must sum to 100, and the draw follows them. */
export const hasWeights = (domains: readonly { weight: number }[]) => domains.some((d) => d.weight !== 0);

export interface BlueprintProblem {
  /** Relative to the list: `[]` for the list itself, `[i, "code"]` for an entry's field. */
  path: (string | number)[];
  code: "duplicate" | "weights_sum";
  message: string;
  /** The earlier entry a duplicate repeats (`domains[0]`), or the weights' sum. */
  other?: number;
  sum?: number;
}

const isWeight = (w: unknown) => Number.isInteger(w) && (w as number) >= 0 && (w as number) <= 100;

/**
 * The rules that hold across the list (each entry's own fields are the schema's): a code or an id
 * given twice (at the second), and weights that are neither all 0 nor sum to exactly 100. The
 * schema runs it even when an entry's own field is wrong (all problems at once), so it reads
 * only the fields that are of their type, and the sum only when every weight is one.
 */
export function blueprintProblems(
  domains: readonly { id?: number; code: string; weight: number }[],
): BlueprintProblem[] {
  const problems: BlueprintProblem[] = [];
  const codes = new Map<string, number>();
  const ids = new Map<number, number>();
  domains.forEach((d, i) => {
    const earlierCode = typeof d.code === "string" && d.code.trim() !== "" ? codes.get(codeKey(d.code)) : undefined;
    if (earlierCode !== undefined) {
      problems.push({
        path: [i, "code"],
        code: "duplicate",
        other: earlierCode,
        message: `${JSON.stringify(d.code.trim())} is also the code of domains[${earlierCode}]; codes are unique within the exam without regard to case`,
      });
    } else if (typeof d.code === "string" && d.code.trim() !== "") codes.set(codeKey(d.code), i);
    if (typeof d.id !== "number") return;
    const earlierId = ids.get(d.id);
    if (earlierId !== undefined) {
      problems.push({
        path: [i, "id"],
        code: "duplicate",
        other: earlierId,
        message: `domain ${d.id} is also kept by domains[${earlierId}]; each stored domain can be kept once`,
      });
    } else ids.set(d.id, i);
  });
  const sum = weightSum(domains);
  if (domains.every((d) => isWeight(d.weight)) && hasWeights(domains) && sum !== 100) {
    problems.push({
      path: [],
      code: "weights_sum",
      sum,
      message: `the weights sum to ${sum}; when any weight is not 0 they must sum to exactly 100 (or set every weight to 0)`,
    });
  }
  return problems;
}

/** The list's own rules (blueprintProblems) as zod issues. */
function refineBlueprint(domains: { id?: number; code: string; weight: number }[], ctx: z.RefinementCtx): void {
  for (const p of blueprintProblems(domains)) {
    ctx.addIssue({
      code: "custom",
      path: p.path,
      message: p.message,
      params: {
        ...issueParams(p.code),
        details: p.other !== undefined ? { other: `domains[${p.other}]` } : p.sum !== undefined ? { sum: p.sum } : {},
      },
    });
  }
}

/** A blueprint as a file carries it (server/formats): the same rules, domains by code (no ids). */
export const fileDomainsField = z
  .array(domainInput.omit({ id: true }))
  .max(DOMAINS_MAX)
  .superRefine(refineBlueprint);

export const domainsField = z
  .array(domainInput)
  .max(DOMAINS_MAX)
  .superRefine(refineBlueprint)
  .describe(
    `The blueprint, in order: at most ${DOMAINS_MAX} domains {id?, code, name, weight}. On examUpdate the list replaces the stored one: an entry with an id keeps that domain, one without is new, and a stored domain left out is removed (its questions become unassigned, with a warning that counts them). Left out, the stored blueprint is kept.`,
  );

/**
 * Tags as stored: trimmed, without the later of two that are the same without regard to case
 * (the first spelling and the order given are kept).
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const tagsField = z
  .array(z.string().trim().min(1).max(TAG_MAX_LENGTH))
  .max(TAGS_MAX)
  .transform(normalizeTags)
  .describe(
    `0 to ${TAGS_MAX} tags, each trimmed, 1 to ${TAG_MAX_LENGTH} characters. Compared without regard to case: a repeated tag is dropped, the first spelling and the order are kept. questionUpdate: left out keeps the stored tags, [] clears them.`,
  );

export const domainIdField = id
  .nullable()
  .describe(
    "A domain of the question's own exam (examGet lists them), or null for none. questionUpdate: left out keeps it (a question moved to another exam loses it unless a domain of the new exam is sent).",
  );
