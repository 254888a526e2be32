// What changed between two stored versions of one object in the audit log (contract 12): the
// question editor's "previous versions" and the exam history show it per entry. Pure: snapshots
// are the JSON the audit log holds (questionGet's view for a question, examGet's for an exam,
// caseStudyGet's for a case study).

export interface FieldChange {
  /** The snapshot field, as the API names it (`question.points`, `answers`, `properties.areas`). */
  field: string;
  /** What an author calls it. */
  label: string;
  /** A short account of the change, where the field is a list or a group. */
  detail?: string;
}

import type { QuestionProperties } from "../schemas/question/properties";

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep equality of JSON values; key order does not matter (jsonb does not keep it). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isObj(a) || !isObj(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!sameJson(a[k], b[k])) return false;
  return true;
}

const QUESTION_FIELDS: [string, string][] = [
  ["question", "Question text"],
  ["type", "Type"],
  ["points", "Points"],
  ["explanation", "Explanation"],
  ["case_study_id", "Case study"],
  ["external_id", "External id"],
  ["exam_id", "Exam"],
  ["domain_id", "Domain"],
  ["tags", "Tags"],
  ["scenarios", "Scenarios"],
];

/** What a question snapshot written before the blueprint (or scenarios) existed had, in effect (contract 15.1 point 3, 16.3). */
const QUESTION_DEFAULTS: Obj = { domain_id: null, tags: [], scenarios: [] };

const EXAM_FIELDS: [string, string][] = [
  ["title", "Title"],
  ["category", "Category"],
  ["code", "Code"],
  ["type", "Type"],
  ["check_answer", "Check answer"],
  ["status", "Status"],
  ["evaluation_method", "Evaluation method"],
  ["passing_score", "Passing score"],
  ["testing_questions", "Questions presented"],
  ["testing_time", "Time"],
  ["testing_auto", "Automatic questions and time"],
  ["shuffle_questsion", "Shuffle questions"],
  ["shuffle_answers", "Shuffle answers"],
  ["show_description_page", "Description page"],
  ["show_standard_introduction", "Standard introduction"],
  ["description", "Description"],
  ["domains", "Blueprint"],
  // question_count is left out: question writes change it, never the exam write being shown.
];

const CASE_STUDY_FIELDS: [string, string][] = [
  ["name", "Name"],
  ["description", "Description"],
];

function fieldChanges(prev: Obj, next: Obj, fields: [string, string][], prefix = ""): FieldChange[] {
  return fields
    .filter(([key]) => !sameJson(prev[key], next[key]))
    .map(([key, label]) => ({ field: prefix + key, label }));
}

/**
 * Every stored answer field but the id, which is new on every save. `old_id` is the API client's
 * own id of the answer, echoed back (an entry written before it existed counts as null).
 */
const ANSWER_FIELDS: [string, string][] = [
  ["answer", "text"],
  ["is_correct", "correct mark"],
  ["points", "points"],
  ["order", "order"],
  ["old_id", "client's id"],
];

function answersByOrder(list: Json): Obj[] {
  const answers = Array.isArray(list) ? list.filter(isObj) : [];
  return [...answers].sort((a, b) => Number(a.order) - Number(b.order));
}

/** Answers compared position by position (their order is part of the question, e.g. a sort's solution). */
function answerChange(prevList: Json, nextList: Json): FieldChange | null {
  const prev = answersByOrder(prevList);
  const next = answersByOrder(nextList);
  const parts: string[] = [];
  for (let i = 0; i < Math.min(prev.length, next.length); i++) {
    const differing = ANSWER_FIELDS.filter(([key]) => !sameJson(prev[i]![key] ?? null, next[i]![key] ?? null)).map(
      ([, label]) => label,
    );
    if (differing.length > 0) parts.push(`answer ${i + 1}: ${differing.join(", ")}`);
  }
  if (next.length > prev.length) parts.push(`${next.length - prev.length} added`);
  if (prev.length > next.length) parts.push(`${prev.length - next.length} removed`);
  return parts.length > 0 ? { field: "answers", label: "Answers", detail: parts.join("; ") } : null;
}

function propertyChange(prev: Json, next: Json): FieldChange | null {
  const a = isObj(prev) ? prev : {};
  const b = isObj(next) ? next : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !sameJson(a[k], b[k])).sort();
  return keys.length > 0 ? { field: "properties", label: "Properties", detail: keys.join(", ") } : null;
}

function diffQuestion(prev: Obj, next: Obj): FieldChange[] {
  const p = { ...QUESTION_DEFAULTS, ...(isObj(prev.question) ? prev.question : {}) };
  const n = { ...QUESTION_DEFAULTS, ...(isObj(next.question) ? next.question : {}) };
  return [
    ...fieldChanges(p, n, QUESTION_FIELDS, "question."),
    ...[answerChange(prev.answers, next.answers), propertyChange(p.properties, n.properties)].filter((c) => c !== null),
  ];
}

/**
 * The exam entry of an automatic return to draft: a write to a ready exam's questions, case
 * studies or order put it back to draft, and the entry (under that write's method) keeps only
 * the status it set.
 */
export function isAutoDraftSnapshot(snapshot: Json): boolean {
  return isObj(snapshot) && snapshot.status === "draft" && Object.keys(snapshot).length === 1;
}

/** A snapshot of the object itself (not a delete's null, nor a reorder's `{question_ids}`). */
/** A question's audit snapshot: questionGet's view of the question as stored (entries older than points in the view lack them). */
export interface QuestionSnapshot {
  question: {
    id: number;
    question: string;
    explanation: string;
    type: number;
    points?: number;
    case_study_id: number | null;
    external_id: string | null;
    properties: QuestionProperties;
    /** Entries written before the blueprint (contract 15.1) lack these. */
    domain_id?: number | null;
    tags?: string[];
    /** Entries written before scenarios (contract 16.3) lack them. */
    scenarios?: unknown[];
  };
  answers: { id: number; answer: string; is_correct: boolean; order: number; points?: number }[];
}

/** Whether a snapshot is a question's version (not a delete or a reorder's list). */
export function isQuestionSnapshot(snapshot: Json): snapshot is QuestionSnapshot {
  return isObjectSnapshot("question", snapshot) && Array.isArray(snapshot.answers);
}

export function isObjectSnapshot(objectType: string, snapshot: Json): snapshot is Obj {
  if (!isObj(snapshot)) return false;
  if (objectType === "question") return isObj(snapshot.question);
  if (objectType === "exam") return "title" in snapshot;
  if (objectType === "case_study") return "name" in snapshot;
  return false;
}

/**
 * The fields in which `next` differs from `prev`, two snapshots of one object; null when they are
 * not two versions of the object (a delete, a reorder's list, an unknown type).
 */
export function diffSnapshots(objectType: string, prev: Json, next: Json): FieldChange[] | null {
  if (!isObjectSnapshot(objectType, prev) || !isObjectSnapshot(objectType, next)) return null;
  if (objectType === "question") return diffQuestion(prev, next);
  // An exam entry written before the blueprint (contract 15.1) had none.
  if (objectType === "exam") return fieldChanges({ domains: [], ...prev }, { domains: [], ...next }, EXAM_FIELDS);
  return fieldChanges(prev, next, CASE_STUDY_FIELDS);
}

/**
 * Whether `next` stores nothing that `prev` does not: two snapshots of a question or a case study
 * in which the history would show no change. An update that would store such a version writes
 * nothing (server/steps/unchanged.ts), so every version in a history differs from the one before.
 */
export function isSameVersion(objectType: "question" | "case_study", prev: Json, next: Json): boolean {
  const changes = diffSnapshots(objectType, prev, next);
  return changes !== null && changes.length === 0;
}

export interface VersionedEntry {
  id: number;
  /** The API method that wrote it. */
  method: string;
  object_type: string;
  object_id: number;
  snapshot: Json;
}

/**
 * What a status change did: it set the status, and nothing else. It is not compared with the
 * exam's previous version: every write to the exam's questions or case studies puts the exam back
 * to draft without an exam entry of its own (contract 6), so the previous version may well say
 * "ready" too, and fields that question writes derive (questions presented, time) differ for
 * reasons that are not this entry's.
 */
function statusChange(snapshot: Obj): FieldChange[] {
  const status = snapshot.status;
  return [{ field: "status", label: "Status", ...(typeof status === "string" ? { detail: `set to ${status}` } : {}) }];
}

/**
 * For each entry (newest first), the changes against the same object's next older version among
 * `entries` (and `older`, entries beyond the page). Entries without such a version get none; a
 * status change, its status.
 */
export function changesAgainstPrevious(
  entries: readonly VersionedEntry[],
  older: readonly VersionedEntry[] = [],
): Map<number, FieldChange[]> {
  const all = [...entries, ...older];
  const out = new Map<number, FieldChange[]>();
  all.forEach((entry, i) => {
    if (i < entries.length && entry.object_type === "exam" && isAutoDraftSnapshot(entry.snapshot))
      return void out.set(entry.id, statusChange(entry.snapshot as Obj));
    if (i >= entries.length || !isObjectSnapshot(entry.object_type, entry.snapshot)) return;
    if (entry.method === "exam.examUpdateStatus") return void out.set(entry.id, statusChange(entry.snapshot));
    const previous = all
      .slice(i + 1)
      .find(
        (e) =>
          e.object_type === entry.object_type &&
          e.object_id === entry.object_id &&
          isObjectSnapshot(e.object_type, e.snapshot),
      );
    const changes = previous && diffSnapshots(entry.object_type, previous.snapshot, entry.snapshot);
    if (changes) out.set(entry.id, changes);
  });
  return out;
}
