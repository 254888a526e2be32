// Restoring a previous version (contract 14.2 rule 4) is an ordinary update with the old content:
// these turn a version as the history keeps it (the get method's view) into the update's params.
// Pure, so the history page's restore button and its tests share them.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * questionUpdate's params for a question version `{question, answers}` (with points), based on
 * `expectedVersion`; null when the snapshot is not a question version. Its domain, tags and
 * scenarios are part of the version (contract 15.1 point 3, 16.3 point 1); a version written
 * before they existed leaves them out, which keeps the current ones. With `domainIds` (the
 * domains its exam has now), a domain removed from the blueprint since is restored as none.
 */
export function questionRestoreParams(snapshot: unknown, expectedVersion: number, domainIds?: readonly number[]) {
  if (!isObj(snapshot) || !isObj(snapshot.question) || !Array.isArray(snapshot.answers)) return null;
  const q = snapshot.question;
  const answers = (snapshot.answers as unknown[])
    .filter(isObj)
    .sort((a, b) => Number(a.order) - Number(b.order))
    // The stored order is the array's order; old_id is the client's own id, carried as it was.
    .map((a) => ({
      answer: a.answer,
      is_correct: a.is_correct,
      ...(a.points === undefined ? {} : { points: a.points }),
      ...(a.old_id == null ? {} : { old_id: a.old_id }),
    }));
  return {
    question: {
      id: q.id,
      exam_id: q.exam_id,
      type: q.type,
      question: q.question,
      explanation: q.explanation,
      case_study_id: q.case_study_id,
      external_id: q.external_id,
      properties: q.properties,
      ...(q.points === undefined ? {} : { points: q.points }),
      ...(q.domain_id === undefined ? {} : { domain_id: restoredDomain(q.domain_id, domainIds) }),
      ...(Array.isArray(q.tags) ? { tags: q.tags as unknown[] } : {}),
      ...(Array.isArray(q.scenarios) ? { scenarios: q.scenarios as unknown[] } : {}),
    },
    answers,
    expected_version: expectedVersion,
  };
}

/** caseStudyUpdate's params for a case study version, based on `expectedVersion`; null when it is not one. */
export function caseStudyRestoreParams(snapshot: unknown, expectedVersion: number) {
  if (!isObj(snapshot) || typeof snapshot.name !== "string") return null;
  return {
    case_study: { id: snapshot.id, name: snapshot.name, description: snapshot.description },
    expected_version: expectedVersion,
  };
}

/** A version's domain as restored: none when `domainIds` says its exam no longer has it. */
function restoredDomain(domainId: unknown, domainIds: readonly number[] | undefined): unknown {
  if (typeof domainId !== "number" || domainIds === undefined) return domainId;
  return domainIds.includes(domainId) ? domainId : null;
}
