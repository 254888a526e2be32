// An import's one transaction (contract 13.2.3): the exam (created, or locked and its blueprint
// extended), its new case studies, the questions in file order, and the history entry.
import type { Db } from "@/db/client";
import { recordAudit } from "../data/audit";
import { createCaseStudyRecorded } from "./case-study-write";
import { domainsOf, replaceDomains } from "../data/domains";
import { examToApi, getExamOrThrow, insertExam, returnExamToDraft, updateExam, type ExamRow } from "../data/exams";
import { insertMedia } from "../data/media";
import { insertQuestionsBulk } from "../data/question-bulk-insert";
import type { NewQuestion } from "../data/question-insert";
import { invalidParams } from "../errors";
import { itemPath } from "../formats/shared";
import type { FormatId, ImportPlan } from "../formats/types";
import type { ExamImportParams } from "../schemas/import-export";
import type { OpContext } from "../operation";
import type { CheckedCaseStudy, CheckedItem } from "./import-items";
import { replaceQuestion } from "./question-write";
import { resolveExtensions, withDomains } from "./blueprint";
import { domainLookup, domainsToAdd, itemDomainId } from "./import-domains";
import {
  caseStudyIdsByName,
  counts,
  decide,
  existingContent,
  noContent,
  placed,
  resultItem,
  unchangedMatches,
  type ExistingContent,
} from "./import-decisions";
import type { NewExam } from "./import-new-exam";
import type { ImportedItem, ImportResult } from "./import-result";

export interface WriteInput {
  params: ExamImportParams;
  plan: ImportPlan;
  format: FormatId;
  target: ExamRow | null;
  workspaceId: number | null;
  newExam: NewExam | null;
  caseStudies: CheckedCaseStudy[];
  caseStudyNames: Set<string>;
  items: CheckedItem[];
  /** Each item's files, stored once: before the transaction, or in it when it is written after all. */
  itemFiles: ReadonlyMap<number, (() => Promise<void>) | null>;
}

/** The import's one transaction (contract 13.2.3): the exam, its new case studies, the questions in file order, the history. */
export async function writeImport(ctx: OpContext, tx: Db, input: WriteInput): Promise<ImportResult> {
  const { params, target, newExam } = input;
  let examId: number;
  let existing: ExistingContent;
  let added = 0;
  if (target) {
    // The exam row lock: the matching below sees what every other write left, and none comes between.
    examId = (await getExamOrThrow(tx, ctx, target.id, { forUpdate: true, path: "exam_id" })).id;
    existing = await existingContent({ ...ctx, db: tx }, examId);
    // The categories the exam lacks join its blueprint: a change of the exam, a new version.
    const adding = domainsToAdd(input.plan, existing.domains);
    if (adding.added.length > 0) {
      const kept = existing.domains.map((d) => ({ id: d.id, code: d.code, name: d.name, weight: d.weight }));
      await replaceDomains(tx, examId, [...kept, ...adding.added]);
      await updateExam(tx, examId, {}, ctx.actor.userId);
      existing.domains = await domainsOf(tx, examId);
      added = adding.added.length;
    }
  } else {
    const row = await insertExam(tx, ctx.actor.userId, input.workspaceId!, newExam!.columns);
    await insertMedia(tx, newExam!.description?.mediaRows ?? []);
    examId = row.id;
    existing = noContent();
    await replaceDomains(tx, examId, newExam!.domains);
    existing.domains = await domainsOf(tx, examId);
  }
  const domains = domainLookup(input.plan.domains, existing.domains);
  const unchanged = target
    ? await unchangedMatches(tx, examId, input.items, existing, domains, params.on_existing, true)
    : new Set<number>();
  const decisions = decide(input.items, existing.matches, params.on_existing, unchanged);
  const tally = counts(decisions);
  const inExam = new Set(existing.caseStudies.map((cs) => cs.name));
  const toCreate = input.caseStudies.filter(
    (cs, i, all) =>
      input.caseStudyNames.has(cs.plan.name) &&
      !inExam.has(cs.plan.name) &&
      all.findIndex((o) => o.plan.name === cs.plan.name) === i,
  );
  // Into an exam, an import may write nothing: every item skipped, or matched by a question
  // that is already as the item has it.
  const writes = !target || tally.created > 0 || tally.updated > 0 || toCreate.length > 0 || added > 0;
  if (target && writes) await returnExamToDraft(tx, ctx, examId);

  // Case studies by name: the exam's own (the first of a name), then the ones created now.
  const caseStudyIds = caseStudyIdsByName(existing.caseStudies);
  for (const cs of toCreate) {
    await insertMedia(tx, cs.content!.mediaRows);
    const row = await createCaseStudyRecorded(tx, ctx, examId, {
      name: cs.plan.name,
      description: cs.content!.html.get(`case_studies[${cs.index}].description`)!,
    });
    caseStudyIds.set(row.name, row.id);
  }

  // Updates in file order; the new questions together at the end, in file order, in a few
  // multi-row statements (their ids filled into the result after).
  const items: ImportedItem[] = [];
  const creates: { at: number; question: Omit<NewQuestion, "examId"> }[] = [];
  for (const decision of decisions) {
    const { item, status, matched } = decision;
    if (status === "skipped" || !item.prepared) {
      items.push(resultItem(ctx, decision));
      continue;
    }
    const caseStudyId = item.caseStudy === null ? null : caseStudyIds.get(item.caseStudy);
    if (caseStudyId === undefined) {
      // The exam's case study of that name was deleted after the checks.
      throw invalidParams([
        {
          code: "not_found",
          path: itemPath(item.index, "case_study"),
          message: `${item.ref}: the case study ${JSON.stringify(item.caseStudy)} is no longer in the exam`,
        },
      ]);
    }
    const prepared = placed(item.prepared, caseStudyId, itemDomainId(item, domains));
    // Still before the commit (contract 8.7), for an item the read before the transaction skipped.
    await input.itemFiles.get(item.index)?.();
    if (status === "updated") {
      await replaceQuestion(ctx, tx, matched!, examId, prepared, async () => {});
    } else {
      // A new question: without a domain or tags unless the file gives them, and the copy it
      // was made from as the file records it (the Exam Studio archive carries it, contract 15.3).
      const { columns } = resolveExtensions(prepared, null, examId);
      const copied = item.copiedFrom;
      creates.push({
        at: items.length,
        question: {
          columns: {
            ...columns,
            ...(copied
              ? {
                  copiedFromQuestionId: copied.question_id,
                  copiedFromExamId: copied.exam_id,
                  copiedFromVersion: copied.version,
                }
              : {}),
          },
          answers: prepared.answers,
          media: prepared.content.mediaRows,
        },
      });
    }
    items.push(resultItem(ctx, decision));
  }
  const ids = await insertQuestionsBulk(
    tx,
    ctx,
    examId,
    creates.map((c) => c.question),
  );
  creates.forEach((c, k) => (items[c.at]!.question_id = ids[k]!));

  const row = await getExamOrThrow(tx, ctx, examId, { path: "exam_id" });
  const view = examToApi(row);
  const summary = {
    file: params.file.name ?? null,
    format: input.format,
    ...tally,
    case_studies_created: toCreate.length,
    ...(added > 0 ? { domains_added: added } : {}),
  };
  // One entry for the import, naming the file and the counts (contract 13.2.9); for a new exam it
  // is also the exam's first version, as examCreate's entry is, and for an exam whose blueprint
  // it extended, that new version. An import that writes nothing leaves no entry, as a save that
  // changes nothing leaves none.
  if (writes) {
    const version = !target || added > 0;
    await recordAudit(tx, ctx.actor, {
      method: ctx.method,
      objectType: "exam",
      objectId: examId,
      examId,
      snapshot: version ? { ...withDomains(view, existing.domains), import: summary } : { import: summary },
      ...(version ? { version: row.version } : {}),
    });
  }
  return { exam: view, ...tally, items };
}
