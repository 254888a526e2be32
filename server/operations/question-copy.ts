// exam.questionCopy (contract 15.2 point 2): copies of questions from any exams the caller can read,
// appended to an exam the caller can edit, in one transaction. The copying itself is
// steps/question-copy.ts, which exam.examDuplicate shares.
import type { Db } from "@/db/client";
import { domainsOf, type DomainRow } from "../data/domains";
import { caseStudiesOfExam } from "../data/exam-content";
import { getExamOrThrow, returnExamToDraft } from "../data/exams";
import { caseStudiesByIds, readableQuestions, type SourceQuestion } from "../data/question-copy";
import { AppError, invalidParams } from "../errors";
import { unknownFieldsWarning } from "../schemas/common";
import { QUESTION_COPY_KEYS, questionCopyParams } from "../schemas/copies";
import { defineOperation } from "../operation";
import { copyQuestionsInto, placeCaseStudies, type CopiedFrom } from "../steps/question-copy";
import { ctxTransaction } from "../steps/transaction";

export const questionCopy = defineOperation({
  method: "exam.questionCopy",
  access: "write",
  summary:
    "Copy questions from any exams you can read into an exam you can edit, appended in the order given; each copy records the question it was copied from.",
  result: {
    questions:
      "One entry per copy, in the order of ids: {id, copied_from: {question_id, exam_id, version}}, the new question's id and the source's question, exam and version at the time of the copy.",
  },
  params: questionCopyParams,
  inspect: (raw) => [unknownFieldsWarning(raw, QUESTION_COPY_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input): Promise<{ questions: { id: number; copied_from: CopiedFrom }[] }> {
    return ctxTransaction(ctx, async (tx) => {
      // The target's row lock first: the copies' positions, its count and its status are this call's.
      const target = await getExamOrThrow(tx, ctx, input.exam_id, { forUpdate: true, path: "exam_id" });
      // The sources need only to be readable (a viewer may copy out of an exam).
      const sources = await readableQuestions(tx, { ...ctx, need: "read" }, input.ids);
      const missing = input.ids.flatMap((id, i) => (sources.has(id) ? [] : [{ id, i }]));
      if (missing.length > 0) {
        throw new AppError("not_found", {
          issues: missing.map(({ id, i }) => ({
            code: "not_found",
            path: `ids[${i}]`,
            message: `question ${id} does not exist`,
          })),
        });
      }
      const domains = await domainsOf(tx, target.id);
      checkDomainId(input.domain_id, domains, target.id);
      const ordered = input.ids.map((id) => sources.get(id)!);
      const caseStudies = await placeCaseStudies(
        ctx,
        tx,
        target.id,
        await sourceCaseStudies(tx, ordered),
        await caseStudiesOfExam(tx, target.id),
      );
      await returnExamToDraft(tx, ctx, target.id);
      const questions = await copyQuestionsInto(
        ctx,
        tx,
        target.id,
        ordered.map((s) => ({
          source: s.row,
          domainId: input.domain_id === undefined ? domainByCode(s, domains) : input.domain_id,
          caseStudyId: s.row.caseStudyId === null ? null : caseStudies.get(s.row.caseStudyId)!,
        })),
      );
      return { questions };
    });
  },
});

/** A domain_id sent must be one of the target's domains (-32602 at domain_id); null is none. */
function checkDomainId(domainId: number | null | undefined, domains: readonly DomainRow[], examId: number): void {
  if (domainId === null || domainId === undefined || domains.some((d) => d.id === domainId)) return;
  throw invalidParams([
    {
      code: "unknown_domain",
      path: "domain_id",
      message: `domain ${domainId} is not a domain of exam ${examId}; use one of its domains (examGet lists them), null for none, or leave domain_id out to match each source's domain by code`,
    },
  ]);
}

/** The target's domain with the code of the source's domain (codes compare without regard to case), else none. */
function domainByCode(source: SourceQuestion, domains: readonly DomainRow[]): number | null {
  if (source.domainCode === null) return null;
  const code = source.domainCode.toLowerCase();
  return domains.find((d) => d.code.toLowerCase() === code)?.id ?? null;
}

/** The case studies of the sources, each once, in the order the sources first name them. */
async function sourceCaseStudies(tx: Db, sources: readonly SourceQuestion[]) {
  const ids = [...new Set(sources.flatMap((s) => (s.row.caseStudyId === null ? [] : [s.row.caseStudyId])))];
  const rows = await caseStudiesByIds(tx, ids);
  return ids.map((id) => rows.get(id)!);
}
