// The similar_question advice of questionCreate and questionUpdate (contract 15.2 point 3): the
// questions of the same workspace whose question text is at least 0.9 similar to the one saved,
// named (id, exam) in one warning each, at most MAX_SIMILAR_NAMED, most similar first.
//
// It is advice: the warning is answered, never stored with the question (question.warnings are the
// question's own findings, which the readiness check of contract 6 reports), so it does not hold
// an exam back from "ready", and it cannot go stale when the other question changes. An import
// does not look for similar questions (docs/decisions.md): exam.questionDuplicates does, after.
import type { SQL } from "drizzle-orm";
import { jsonValue, selectValue } from "@/db/client";
import {
  confirmedFrom,
  confirmSimilar,
  confirmSimilarRead,
  EXACT_PER_NAMED,
  MAX_CANDIDATES,
  similarQuestions,
  type SimilarQuestion,
} from "../data/question-duplicates";
import {
  applyCatchUp,
  catchUpReadWith,
  noteCommittedWrite,
  readyIndex,
  type CatchUpWith,
  type WorkspaceIndex,
} from "../data/similarity-index-store";
import type { SimilarCandidate } from "../domain/similarity-index";
import { roundSimilarity } from "../domain/duplicates";
import type { OpContext } from "../operation";
import { SIMILAR_QUESTION_THRESHOLD } from "../schemas/question-duplicates";

/** At most this many similar questions are named. */
export const MAX_SIMILAR_NAMED = 3;

interface Target {
  examId: number;
  text: string;
  keys: readonly number[];
  exceptId: number | null;
}

export interface SimilarLookUp {
  /**
   * A scalar SQL expression for the write's own statement to read (the look-up's catch-up of the
   * workspace's similarity index), or null; its value goes to report().
   */
  readAlong: SQL | null;
  /**
   * Called once the write of question `savedId` succeeded: adds the warnings. `committed`, when
   * the write's transaction has committed by then (questionCreate's insert is its own), is the
   * saved row's similarity_version and similarity_xid: the index then holds the question at once.
   */
  report(savedId: number, readAlongValue?: unknown, committed?: CommittedWrite): Promise<void>;
}

/** A saved question's similarity_version and similarity_xid, its transaction committed. */
export interface CommittedWrite {
  version: number;
  xid: number;
}

/**
 * Looks for the questions similar to `text` (the question's similarity_text, whose similarity keys
 * the write computed to store them: `keys`, not hashed again here) in exam `examId`'s workspace,
 * leaving out question `exceptId` and the question saved. A write that fails reports nothing (the
 * warnings would name questions of an exam the caller may not reach).
 *
 * - With the workspace's similarity index in memory (data/similarity-index-store.ts): the index
 *   is brought up to date by `readAlong`, read in the write's own statement (or, when the write
 *   does not read it, by a statement of its own in report()), then looked up in memory; the
 *   database only confirms what it found, which a create rarely has.
 * - Until the index is ready (it is read in the background on the first look-up): the database
 *   is looked up while the caller writes, so a create waits for the slower of the two rather than
 *   for both. A new question has no id while that search starts, and the search may see it once
 *   its insert has committed (it is its own nearest, at 1): one more is asked for, and report()
 *   leaves it out.
 */
export function lookForSimilarQuestions(ctx: OpContext, target: Target): SimilarLookUp {
  if (ctx.similarQuestionAdvice === false || target.text === "") return { readAlong: null, report: async () => {} };
  const indexed = readyIndex(ctx.db, target.examId, ctx.limits.similarityIndexQuestions);
  if (indexed) return lookUpInMemory(ctx, indexed, target);
  const found = lookUpInDatabase(ctx, target);
  // Awaited only after a successful write; until then a failure must not go unhandled.
  found.catch(() => {});
  return {
    readAlong: null,
    async report(savedId) {
      warnAll(
        ctx,
        (await found).filter((q) => q.id !== savedId),
      );
    },
  };
}

function lookUpInDatabase(ctx: OpContext, target: Target): Promise<SimilarQuestion[]> {
  return similarQuestions(ctx.db, { ...target, threshold: SIMILAR_QUESTION_THRESHOLD, limit: MAX_SIMILAR_NAMED + 1 });
}

/**
 * The look-up in memory. The index is looked up before the write, and the write's statement (or,
 * when the write reads nothing along, one statement after it) reads both what changed since the
 * index's horizon and the database's confirmation of those candidates; after it, the index is
 * looked up again, and only candidates the first look-up did not have (written meanwhile, or
 * rewritten) are confirmed by a statement of their own, which is rare.
 */
function lookUpInMemory(ctx: OpContext, state: WorkspaceIndex, target: Target): SimilarLookUp {
  const { before, held } = toConfirm(
    state.index
      .candidates(target.text, target.keys, {
        threshold: SIMILAR_QUESTION_THRESHOLD,
        exceptId: target.exceptId,
        maxCompared: MAX_CANDIDATES,
      })
      .slice(0, MAX_SIMILAR_NAMED * EXACT_PER_NAMED),
  );
  const confirm = (candidates: SimilarCandidate[]) => ({
    examId: target.examId,
    text: target.text,
    threshold: SIMILAR_QUESTION_THRESHOLD,
    limit: candidates.length,
  });
  const readAlong = catchUpReadWith(state, before.length === 0 ? null : confirmSimilarRead(confirm(before), before));
  return {
    readAlong,
    async report(savedId, readAlongValue, committed) {
      const read =
        readAlongValue === undefined
          ? await selectValue<CatchUpWith>(ctx.db, readAlong)
          : jsonValue<CatchUpWith>(readAlongValue);
      // Too much changed at once (an import): the index is read again, and this look-up asks the database.
      const caughtUp = applyCatchUp(ctx.db, state, read.catch_up);
      if (caughtUp === null)
        return warnAll(
          ctx,
          (await lookUpInDatabase(ctx, { ...target, exceptId: savedId })).filter((q) => q.id !== savedId),
        );
      if (committed)
        noteCommittedWrite(
          state,
          { id: savedId, examId: target.examId, text: target.text, keys: target.keys, version: committed.version },
          committed.xid,
        );
      // Nothing found before the write (so nothing held back or sent to confirm), and nothing
      // written since: nothing to name, and nothing below to compare (a create of a new text
      // while nothing else is written; a third of the creates in bench:duplicates).
      if (before.length === 0 && caughtUp.length === 0) return;
      // The look-up before the write, with the questions the catch-up read compared again. (Arrays,
      // not Sets: a few ids each, and every create with a catch-up row comes here.)
      const readAgain = caughtUp;
      const after = [
        ...before.filter((c) => !readAgain.includes(c.id) && c.id !== savedId),
        ...state.index
          .candidatesAmong(target.text, target.keys, readAgain, {
            threshold: SIMILAR_QUESTION_THRESHOLD,
            exceptId: savedId,
          })
          .filter((c) => c.id !== target.exceptId),
      ];
      const unchanged = after.filter((c) => before.some((b) => b.id === c.id && b.text === c.text)).map((c) => c.id);
      const confirmed = confirmedFrom(read.also).filter((q) => unchanged.includes(q.id));
      // Candidates the look-up before the write did not have, or had with another text.
      const since = after.filter((c) => !unchanged.includes(c.id));
      if (since.length > 0) confirmed.push(...(await confirmSimilar(ctx.db, confirm(since), since)));
      // Fewer named than there were candidates: one sent was gone or rewritten, and those held
      // back may take its place (rare: a statement of its own).
      const more = held.filter((c) => !readAgain.includes(c.id) && c.id !== savedId);
      const sent = [...before];
      if (confirmed.length < MAX_SIMILAR_NAMED && more.length > 0) {
        confirmed.push(...(await confirmSimilar(ctx.db, confirm(more), more)));
        sent.push(...more);
        for (const c of more) unchanged.push(c.id);
      }
      // A candidate the database would answer (an exact comparison here) that it did not is gone
      // from the workspace, or its text changed since the index read it: forgotten until read again.
      for (const c of sent)
        if (c.exact && unchanged.includes(c.id) && !confirmed.some((q) => q.id === c.id)) state.index.remove(c.id);
      warnAll(
        ctx,
        confirmed.sort((a, b) => b.similarity - a.similarity || a.id - b.id),
      );
    },
  };
}

/**
 * Which of a look-up's candidates (most similar first) the write's statement has the database
 * confirm: every candidate compared approximately (a text not all ASCII), and the
 * MAX_SIMILAR_NAMED first of those compared exactly, in the database's order (its similarity is
 * single precision, ties by id). An exact candidate is confirmed unless it was deleted, moved or
 * rewritten since the index read it, so the others are `held`, and only confirmed when one sent
 * was not: a copy of a question copied many times sends 3 texts, not 24 (each a parameter, and a
 * comparison and two joins in the database).
 */
function toConfirm(found: SimilarCandidate[]): { before: SimilarCandidate[]; held: SimilarCandidate[] } {
  const exact = found
    .filter((c) => c.exact)
    .sort((a, b) => Math.fround(b.similarity) - Math.fround(a.similarity) || a.id - b.id);
  const sent = new Set(exact.slice(0, MAX_SIMILAR_NAMED));
  return {
    before: found.filter((c) => !c.exact || sent.has(c)),
    held: exact.slice(MAX_SIMILAR_NAMED),
  };
}

function warnAll(ctx: OpContext, similar: readonly SimilarQuestion[]): void {
  for (const q of similar.slice(0, MAX_SIMILAR_NAMED)) warnSimilar(ctx, q);
}

function warnSimilar(ctx: OpContext, similar: SimilarQuestion): void {
  ctx.report.warn(
    "similar_question",
    "question.question",
    `question ${similar.id} of exam ${similar.examId} (${JSON.stringify(similar.examTitle)}) has a question text ${roundSimilarity(similar.similarity)} similar to this one (0.9 or more): it may be a duplicate`,
    {
      questionId: similar.id,
      exam: { id: similar.examId, title: similar.examTitle },
      similarity: roundSimilarity(similar.similarity),
    },
  );
}
