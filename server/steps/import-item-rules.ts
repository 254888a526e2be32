// The rules an import checks across its items, once each item has been checked on its own
// (steps/import-items.ts): external ids unique within the file, case studies named by the file or
// the target exam, and, with on_invalid skip (contract 13.3 point 2), the items at fault skipped.
import type { CaseStudyRow } from "../data/case-studies";
import type { Issue } from "../errors";
import { itemPath } from "../formats/shared";
import type { OpContext } from "../operation";
import { INVALID_ITEM, type CheckedCaseStudy, type CheckedItem } from "./import-items";

/**
 * With on_invalid skip (contract 13.3 point 2), an item the checks above found at fault (its
 * external id taken by an earlier item, a case study neither in the file nor in the exam) is
 * skipped: its errors become its warnings, at their paths.
 */
export function skipInvalidItems(ctx: OpContext, items: CheckedItem[]): void {
  const byIndex = new Map(items.map((item) => [item.index, item]));
  const kept: Issue[] = [];
  for (const error of ctx.report.errors.splice(0)) {
    const index = /^items\[(\d+)\]/.exec(error.path)?.[1];
    const item = index === undefined ? undefined : byIndex.get(Number(index));
    if (!item) {
      kept.push(error);
      continue;
    }
    if (item.prepared !== null) {
      item.prepared = null;
      item.externalId = null;
      item.warnings.push(INVALID_ITEM);
      ctx.report.warn("item_invalid", itemPath(item.index), `${item.ref}: ${INVALID_ITEM}`);
    }
    const field = error.path
      .slice(`items[${item.index}]`.length)
      .replace(/^\./, "")
      .replace(/^question\./, "");
    item.warnings.push(error.message.replace(`${item.ref}: `, field === "" ? "" : `${field}: `));
    // With its details, so that the dialog can say what the file gives and what is allowed.
    ctx.report.warn(error.code, error.path, error.message, error.details);
  }
  ctx.report.merge({ errors: kept });
}

/** Two items of the file with one external id: an error at the second (contract 7: unique within the exam). */
export function checkExternalIds(ctx: OpContext, items: CheckedItem[]): void {
  const first = new Map<string, CheckedItem>();
  for (const item of items) {
    if (item.externalId === null) continue;
    const earlier = first.get(item.externalId);
    if (earlier) {
      ctx.report.error(
        "duplicate",
        itemPath(item.index, "question.external_id"),
        `${item.ref}: external_id ${JSON.stringify(item.externalId)} is also the external id of ${earlier.ref}; it must be unique within the exam`,
      );
    } else first.set(item.externalId, item);
  }
}

/**
 * The case studies by name (contract 13.2.5: matched by name in the target exam): the file's
 * (the first of several with one name), the target exam's for a name it has. An item naming
 * neither is an error at `items[i].case_study`. Returns the names the file's case studies that
 * are to be created carry, in file order.
 */
export function resolveCaseStudies(
  ctx: OpContext,
  checked: CheckedCaseStudy[],
  existing: CaseStudyRow[],
  items: CheckedItem[],
): Set<string> {
  const inExam = new Map<string, CaseStudyRow>();
  for (const cs of existing) if (!inExam.has(cs.name)) inExam.set(cs.name, cs);
  const inFile = new Map<string, CheckedCaseStudy>();
  const toCreate = new Set<string>();
  for (const cs of checked) {
    const { name, ref } = cs.plan;
    const earlier = inFile.get(name);
    if (earlier) {
      ctx.report.warn(
        "duplicate",
        `case_studies[${cs.index}]`,
        `${ref} has the name of ${earlier.plan.ref}; the questions of both belong to the first, whose description is used`,
      );
      continue;
    }
    inFile.set(name, cs);
    const stored = inExam.get(name);
    if (!stored) toCreate.add(name);
    else if (
      !cs.plan.nameOnly &&
      cs.content &&
      cs.content.html.get(`case_studies[${cs.index}].description`) !== stored.description
    ) {
      ctx.report.warn(
        "case_study_differs",
        `case_studies[${cs.index}].description`,
        `${ref}: the exam already has a case study of this name (${stored.id}) with another description; it is used as it is`,
      );
    }
  }
  for (const item of items) {
    if (item.caseStudy === null || inFile.has(item.caseStudy) || inExam.has(item.caseStudy)) continue;
    ctx.report.error(
      "not_found",
      itemPath(item.index, "case_study"),
      `${item.ref}: names the case study ${JSON.stringify(item.caseStudy)}, which is neither in the file nor in the exam`,
    );
  }
  return toCreate;
}
