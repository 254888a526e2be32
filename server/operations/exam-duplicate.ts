// exam.examDuplicate (contract 15.2 point 2, for a whole exam): a new draft exam in the same
// workspace with the exam's settings, blueprint and case studies, and a copy of each of its
// questions in its order, each recording copied_from; one transaction, copied by the same step
// as exam.questionCopy (steps/question-copy.ts).
import { recordAudit } from "../data/audit";
import { domainsOf, replaceDomains } from "../data/domains";
import { caseStudiesOfExam, questionsWithAnswers } from "../data/exam-content";
import { examToApi, getExamOrThrow, insertExam, type ExamColumns, type ExamRow } from "../data/exams";
import { unknownFieldsWarning } from "../schemas/common";
import { duplicateTitle, EXAM_DUPLICATE_KEYS, examDuplicateParams } from "../schemas/copies";
import { withDomains } from "../steps/blueprint";
import { defineOperation } from "../operation";
import { copyQuestionsInto, mediaHashes, placeCaseStudies, type CopiedFrom } from "../steps/question-copy";
import { adoptMedia } from "../data/question-copy";
import { ctxTransaction } from "../steps/transaction";

/** Every setting of the exam: what a duplicate starts from. */
function settingsOf(row: ExamRow): ExamColumns {
  const {
    id: _id,
    ownerId: _owner,
    workspaceId: _workspace,
    createdAt: _created,
    updatedAt: _updated,
    status: _status,
    questionCount: _count,
    nextPosition: _next,
    version: _version,
    versionBy: _by,
    versionAt: _at,
    ...settings
  } = row;
  return settings;
}

export const examDuplicate = defineOperation({
  method: "exam.examDuplicate",
  access: "write",
  summary:
    "Duplicate an exam as a new draft in the same workspace: its settings, blueprint and case studies, and a copy of each question in its order, each recording copied_from.",
  result: {
    exam: 'The new exam as examGet shows it (domains included): a draft, the title sent or the exam\'s followed by " (copy)", every other setting as the exam has it.',
    questions:
      "One entry per copied question, in the exam's order: {id, copied_from: {question_id, exam_id, version}}.",
    version: "The new exam's version (1).",
  },
  params: examDuplicateParams,
  inspect: (raw) => [unknownFieldsWarning(raw, EXAM_DUPLICATE_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    return ctxTransaction(ctx, async (tx) => {
      // The source's row lock: its questions, case studies and blueprint are read as one state
      // (every write of them takes this lock), and the editor role in its workspace is checked.
      const source = await getExamOrThrow(tx, ctx, input.id, { forUpdate: true });
      const settings = { ...settingsOf(source), title: input.title ?? duplicateTitle(source.title) };
      const row = await insertExam(tx, ctx.actor.userId, source.workspaceId, settings);
      await adoptMedia(tx, ctx.actor.userId, mediaHashes([row.description]));
      const sourceDomains = await domainsOf(tx, source.id);
      const { domains } = await replaceDomains(
        tx,
        row.id,
        sourceDomains.map((d) => ({ code: d.code, name: d.name, weight: d.weight })),
      );
      const domainIds = new Map(sourceDomains.map((d, i) => [d.id, domains[i]!.id]));
      const caseStudies = await placeCaseStudies(ctx, tx, row.id, await caseStudiesOfExam(tx, source.id), []);
      const sourceQuestions = await questionsWithAnswers(tx, source.id);
      const questions: { id: number; copied_from: CopiedFrom }[] = await copyQuestionsInto(
        ctx,
        tx,
        row.id,
        sourceQuestions.map(({ row: q }) => ({
          source: q,
          domainId: q.domainId === null ? null : (domainIds.get(q.domainId) ?? null),
          caseStudyId: q.caseStudyId === null ? null : caseStudies.get(q.caseStudyId)!,
        })),
      );
      const stored = await getExamOrThrow(tx, ctx, row.id);
      const view = withDomains(examToApi(stored), domains);
      // The new exam's first version, as examCreate's entry is, naming the exam it duplicates.
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: row.id,
        examId: row.id,
        snapshot: { ...view, duplicate_of: { exam_id: source.id, version: source.version } },
        version: stored.version,
      });
      return { exam: view, questions, version: stored.version };
    });
  },
});
