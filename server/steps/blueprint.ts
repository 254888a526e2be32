// What the exam and question writes share about the blueprint and tags (contract 15.1 points 2
// and 3), beyond the schema's own rules (server/schemas/blueprint.ts): a domain id must be one of
// the exam's, a blueprint equal to the stored one is no change, and a question's extension fields
// left out of an update keep their stored values.
import type { Db } from "@/db/client";
import { domainToApi, examOfDomain, type DomainRow, type DomainView, type DomainWanted } from "../data/domains";
import type { QuestionRow } from "../data/questions";
import { AppError, joinPath } from "../errors";
import type { DomainInput } from "../schemas/blueprint";
import type { Scenario } from "../schemas/question/response";
import type { OpContext } from "../operation";
import type { PreparedQuestion } from "./question-content";

/**
 * Checks a blueprint sent for exam `examId` (null: a new exam) against its stored domains: every
 * `id` must name one of them (an error at `exam.domains[i].id` otherwise). Answers the list to
 * store, or null when it equals the stored one (the same domains, in the same order, with the
 * same fields), which writes nothing.
 */
export function planBlueprint(
  ctx: OpContext,
  examId: number | null,
  sent: readonly DomainInput[],
  stored: readonly DomainRow[],
): DomainWanted[] | null {
  const storedIds = new Set(stored.map((d) => d.id));
  sent.forEach((d, i) => {
    if (d.id === undefined || storedIds.has(d.id)) return;
    ctx.report.error(
      "unknown_domain",
      joinPath(joinPath("exam.domains", i), "id"),
      examId === null
        ? `a new exam has no domains yet: leave id out to add domain ${JSON.stringify(d.code)}`
        : `domain ${d.id} is not a domain of exam ${examId}; leave id out to add a new domain, or use an id that examGet lists`,
    );
  });
  const wanted = sent.map((d) => ({
    ...(d.id === undefined ? {} : { id: d.id }),
    code: d.code,
    name: d.name,
    weight: d.weight,
  }));
  return sameBlueprint(wanted, stored) ? null : wanted;
}

/** Whether storing `wanted` would leave `stored` as it is: a new entry (no id) is always a change. */
export function sameBlueprint(wanted: readonly DomainWanted[], stored: readonly DomainRow[]): boolean {
  return (
    wanted.length === stored.length &&
    wanted.every((d, i) => {
      const s = stored[i]!;
      return d.id === s.id && d.code === s.code && d.name === s.name && d.weight === s.weight;
    })
  );
}

/** examGet's and examList's exam object: the exam with its blueprint (examCreate and examUpdate answer without it). */
export function withDomains<E extends object>(exam: E, domains: readonly DomainRow[] | readonly DomainView[]) {
  return { ...exam, domains: domains.map((d) => ("examId" in d ? domainToApi(d) : d)) };
}

/** The warning of a blueprint change that left questions without their domain. */
export function reportUnassigned(ctx: OpContext, unassigned: number): void {
  if (unassigned === 0) return;
  ctx.report.warn(
    "questions_unassigned",
    "exam.domains",
    `${unassigned} question${unassigned === 1 ? " was" : "s were"} in the removed domain(s) and now ${unassigned === 1 ? "has" : "have"} no domain`,
    { count: unassigned },
  );
}

/** domain_id must be a domain of the question's own exam (-32602 at question.domain_id), or null. */
export async function checkQuestionDomain(db: Db, domainId: number | null | undefined, examId: number): Promise<void> {
  if (domainId === null || domainId === undefined) return;
  const owner = await examOfDomain(db, domainId);
  if (owner === examId) return;
  throw unknownQuestionDomain(domainId, examId);
}

/** The error of a domain_id that is not one of the exam's (or was removed while the write ran). */
export function unknownQuestionDomain(domainId: number, examId: number): AppError {
  return new AppError("invalid_params", {
    issues: [
      {
        code: "unknown_domain",
        path: "question.domain_id",
        message: `domain ${domainId} is not a domain of exam ${examId}; use one of the exam's domains (examGet lists them), or null for none`,
      },
    ],
  });
}

/** A question as a write stores it: its domain and tags decided. */
export type ResolvedQuestion = PreparedQuestion & {
  columns: PreparedQuestion["columns"] & { domainId: number | null; tags: string[]; scenarios: Scenario[] };
};

/**
 * The question's domain, tags and scenarios as the write stores them (contract 15.1 point 3, 16.3
 * point 1): what was sent; left out, on create none, and on update what `stored` holds, except
 * that a question moved to another exam (`examId` not its own) loses its domain.
 */
export function resolveExtensions(
  prepared: PreparedQuestion,
  stored: Pick<QuestionRow, "examId" | "domainId" | "tags" | "scenarios"> | null,
  examId: number,
): ResolvedQuestion {
  const { domainId, tags, scenarios } = prepared.columns;
  const keptDomain = stored !== null && stored.examId === examId ? stored.domainId : null;
  return {
    ...prepared,
    columns: {
      ...prepared.columns,
      domainId: domainId === undefined ? keptDomain : domainId,
      tags: tags ?? stored?.tags ?? [],
      scenarios: scenarios ?? stored?.scenarios ?? [],
    },
  };
}
