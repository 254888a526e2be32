// The exam page's bulk work (contract 15.2 point 4), each made of ordinary API writes through the
// server action: a domain or tags are a questionUpdate of each question (read first with
// questionGet, resent whole with its version), a move is a questionUpdate with the new exam_id,
// a copy is one exam.questionCopy, a delete a questionDelete of each. The calls run one after
// another; a question that fails is named with the reason and the others go on.
import type { ResultOf } from "@/server/rpc/operation-types";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";

type Read = ResultOf<"exam.questionGet">;
type StoredQuestion = Read["question"];

/** A question of the selection: its id and the number the author knows it by. */
export interface Selected {
  id: number;
  position: number;
}

export interface BulkOutcome {
  /** The questions the action changed (for a copy: the copies made). */
  done: number;
  /** One line per question that was not changed, naming it and why. */
  failures: string[];
}

/** What a bulk write changes of a question; everything else is resent as stored. */
type Change = (
  q: StoredQuestion,
) => Partial<Pick<StoredQuestion, "exam_id" | "domain_id" | "tags" | "case_study_id">> | string;

/** questionUpdate's params for the question as read, with `change` over it: a total update that keeps the rest. */
function updateParams(read: Read, change: ReturnType<Change> & object) {
  const q = read.question;
  return {
    question: {
      id: q.id,
      exam_id: q.exam_id,
      type: q.type,
      question: q.question,
      explanation: q.explanation,
      case_study_id: q.case_study_id,
      external_id: q.external_id,
      points: q.points,
      properties: q.properties,
      domain_id: q.domain_id,
      tags: q.tags,
      ...change,
    },
    // Types 3, 4, 5 and 7 have no answers; an empty list would only earn a warning.
    ...(read.answers.length > 0
      ? {
          answers: read.answers.map((a) => ({
            answer: a.answer,
            is_correct: a.is_correct,
            order: a.order,
            points: a.points,
            ...(a.old_id !== null ? { old_id: a.old_id } : {}),
          })),
        }
      : {}),
    // Someone else's change since the read is refused, not overwritten.
    expected_version: read.version,
  };
}

async function eachQuestion(
  selected: readonly Selected[],
  act: (s: Selected) => Promise<string | null>,
  onProgress?: (done: number) => void,
): Promise<BulkOutcome> {
  const failures: string[] = [];
  let done = 0;
  for (const [k, s] of selected.entries()) {
    const why = await act(s);
    if (why === null) done++;
    else failures.push(`Question ${s.position}: ${why}`);
    onProgress?.(k + 1);
  }
  return { done, failures };
}

/** Reads each question, applies `change` (a string: why it is not changed) and saves it. */
export function updateEach(selected: readonly Selected[], change: Change, onProgress?: (done: number) => void) {
  return eachQuestion(
    selected,
    async ({ id }) => {
      const read = await callOperation("exam.questionGet", { id });
      if (!read.ok) return failureText(read);
      const wanted = change(read.result.question);
      if (typeof wanted === "string") return wanted;
      const saved = await callOperation("exam.questionUpdate", updateParams(read.result, wanted));
      return saved.ok ? null : failureText(saved);
    },
    onProgress,
  );
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The question's tags with `tags` added (those it has, in any case, are not repeated). */
export function withTags(stored: readonly string[], tags: readonly string[]): string[] {
  const out = [...stored];
  for (const t of tags) if (!out.some((s) => sameTag(s, t))) out.push(t);
  return out;
}

/** The question's tags without `tags`, compared without regard to case. */
export function withoutTags(stored: readonly string[], tags: readonly string[]): string[] {
  return stored.filter((s) => !tags.some((t) => sameTag(s, t)));
}

/** The tags typed in a field: separated by commas, trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

export const setDomain = (selected: readonly Selected[], domainId: number | null, onProgress?: (n: number) => void) =>
  updateEach(selected, () => ({ domain_id: domainId }), onProgress);

export const addTags = (selected: readonly Selected[], tags: readonly string[], onProgress?: (n: number) => void) =>
  updateEach(selected, (q) => ({ tags: withTags(q.tags, tags) }), onProgress);

export const removeTags = (selected: readonly Selected[], tags: readonly string[], onProgress?: (n: number) => void) =>
  updateEach(selected, (q) => ({ tags: withoutTags(q.tags, tags) }), onProgress);

/** Where a moved question goes in the other exam: its domain and case study matched there. */
export interface MoveTarget {
  examId: number;
  /** The target's domains, to match each question's domain by code. */
  domains: readonly { id: number; code: string }[];
  /** The target's case studies, to match each question's case study by name. */
  caseStudies: readonly { id: number; name: string }[];
  /** This exam's domains and case studies, to know each question's code and name. */
  here: { domains: readonly { id: number; code: string }[]; caseStudies: readonly { id: number; name: string }[] };
}

/**
 * Moves each question to the other exam (a questionUpdate with its exam_id): its domain goes to the
 * target's domain of the same code (else none), its case study to the target's case study of the
 * same name; a question whose case study the target lacks is not moved, and says so.
 */
export function moveTo(selected: readonly Selected[], target: MoveTarget, onProgress?: (n: number) => void) {
  return updateEach(
    selected,
    (q) => {
      const code = target.here.domains.find((d) => d.id === q.domain_id)?.code.toLowerCase();
      const domain = code === undefined ? undefined : target.domains.find((d) => d.code.toLowerCase() === code);
      let caseStudyId: number | null = null;
      if (q.case_study_id !== null) {
        const name = target.here.caseStudies.find((c) => c.id === q.case_study_id)?.name;
        const there = target.caseStudies.find((c) => c.name === name);
        if (!there)
          return `it belongs to the case study “${name ?? q.case_study_id}”, which the other exam does not have; copy it instead, or add that case study there first`;
        caseStudyId = there.id;
      }
      return { exam_id: target.examId, domain_id: domain?.id ?? null, case_study_id: caseStudyId };
    },
    onProgress,
  );
}

/** One exam.questionCopy of the selection, in exam order; the domains go by code (contract 15.2 point 2). */
export async function copyTo(selected: readonly Selected[], examId: number): Promise<BulkOutcome> {
  const copied = await callOperation("exam.questionCopy", { ids: selected.map((s) => s.id), exam_id: examId });
  if (!copied.ok) return { done: 0, failures: [`Nothing was copied: ${failureText(copied)}`] };
  return { done: copied.result.questions.length, failures: [] };
}

export function deleteEach(selected: readonly Selected[], onProgress?: (n: number) => void) {
  return eachQuestion(
    selected,
    async ({ id }) => {
      const deleted = await callOperation("exam.questionDelete", { id });
      return deleted.ok ? null : failureText(deleted);
    },
    onProgress,
  );
}
