// Copying questions into an exam (contract 15.2 point 2), shared by exam.questionCopy and
// exam.examDuplicate: each copy keeps its source's content (answers, properties, media, points,
// tags), takes the domain and case study its caller decided, drops external_id, and records the
// question, exam and version it was copied from. Runs inside the caller's transaction, which
// holds the target exam's row lock.
import { questionTextColumns } from "../domain/search-text";
import type { Db } from "@/db/client";
import type { CaseStudyRow } from "../data/case-studies";
import { createCaseStudyRecorded } from "./case-study-write";
import { insertQuestionsBulk } from "../data/question-bulk-insert";
import type { NewQuestion } from "../data/question-insert";
import { adoptMedia, copySearchTexts } from "../data/question-copy";
import { answersOf, copiedFromToApi, type QuestionRow } from "../data/questions";
import type { OpContext } from "../operation";

/** A stored media path in HTML or properties, as the store names its files (contract 8.4). */
const STORED_MEDIA = /\/media\/([0-9a-f]{64})\.[a-z0-9]+/g;

/** The stored files that these texts (HTML, or properties as JSON) refer to. */
export function mediaHashes(texts: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STORED_MEDIA)) hashes.add(m[1]!);
  return [...hashes];
}

/** One question to copy and where its copy goes in the target exam. */
export interface CopyPlan {
  source: QuestionRow;
  domainId: number | null;
  caseStudyId: number | null;
}

export type CopiedFrom = NonNullable<ReturnType<typeof copiedFromToApi>>;

/**
 * Appends a copy of each source to exam `examId`, in the order given, with its answers and a
 * history entry each (the question as questionGet shows it, copied_from included). The exam's
 * count goes up (testing_questions and testing_time follow it, contract 5); returning it to draft
 * is the caller's, which holds its row lock. Answers each copy's id and copied_from, in order.
 */
export async function copyQuestionsInto(
  ctx: OpContext,
  tx: Db,
  examId: number,
  plans: readonly CopyPlan[],
): Promise<{ id: number; copied_from: CopiedFrom }[]> {
  if (plans.length === 0) return [];
  const answers = await answersOf(
    tx,
    plans.map((p) => p.source.id),
  );
  const questions: Omit<NewQuestion, "examId">[] = plans.map(({ source, domainId, caseStudyId }) => ({
    columns: {
      type: source.type,
      question: source.question,
      explanation: source.explanation,
      caseStudyId,
      // It names the question in another system, and a copy is another question (contract 15.2).
      externalId: null,
      points: source.points,
      properties: source.properties,
      warnings: source.warnings,
      domainId,
      tags: source.tags,
      // Its scenarios name answers by position, which the copy keeps (contract 16.3).
      scenarios: source.scenarios,
      copiedFromQuestionId: source.id,
      copiedFromExamId: source.examId,
      copiedFromVersion: source.version,
      // The same content, so the same texts; computed again rather than read, so a source the
      // startup backfill has not reached yet still gives a copy the search finds.
      ...questionTextColumns({
        question: source.question,
        explanation: source.explanation,
        answers: answers.get(source.id) ?? [],
      }),
    },
    answers: (answers.get(source.id) ?? []).map((a) => ({
      old_id: a.oldId as number | string | null,
      answer: a.answer,
      is_correct: a.isCorrect,
      order: a.order,
      points: a.points,
    })),
    media: [],
  }));
  const texts = plans.flatMap(({ source }) => [
    source.question,
    source.explanation,
    JSON.stringify(source.properties),
    ...(answers.get(source.id) ?? []).map((a) => a.answer),
  ]);
  await adoptMedia(tx, ctx.actor.userId, mediaHashes(texts));
  const ids = await insertQuestionsBulk(tx, ctx, examId, questions);
  await copySearchTexts(
    tx,
    ids.map((id, k) => [id, plans[k]!.source.id] as const),
  );
  return ids.map((id, k) => {
    const { source } = plans[k]!;
    return { id, copied_from: { question_id: source.id, exam_id: source.examId, version: source.version } };
  });
}

/**
 * The case studies the copies go into, by their source's case study id: the target exam's case
 * study of the same name (the first of a name, as an import matches them, contract 13.2.5), or a
 * copy of the source's made now (with its history entry). `existing` is the target's, in creation
 * order.
 */
export async function placeCaseStudies(
  ctx: OpContext,
  tx: Db,
  examId: number,
  sources: readonly CaseStudyRow[],
  existing: readonly CaseStudyRow[],
): Promise<Map<number, number>> {
  const byName = new Map<string, number>();
  for (const cs of existing) if (!byName.has(cs.name)) byName.set(cs.name, cs.id);
  const placed = new Map<number, number>();
  const created: CaseStudyRow[] = [];
  for (const source of sources) {
    const known = byName.get(source.name);
    if (known !== undefined) {
      placed.set(source.id, known);
      continue;
    }
    const row = await createCaseStudyRecorded(tx, ctx, examId, { name: source.name, description: source.description });
    created.push(source);
    byName.set(row.name, row.id);
    placed.set(source.id, row.id);
  }
  await adoptMedia(tx, ctx.actor.userId, mediaHashes(created.map((cs) => cs.description)));
  return placed;
}
