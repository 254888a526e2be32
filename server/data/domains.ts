// An exam's blueprint (contract 15.1): the rows of exam_domain, read in their order and replaced
// as a whole list. Every caller has checked its access to the exam first; the writes run under
// the exam row lock of the write that changes them (examCreate's new row, examUpdate's and
// examImport's getExamOrThrow forUpdate), so two blueprint changes of one exam never interleave.
import { and, asc, count, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { examDomain, question } from "@/db/schema";
import type { ExamView } from "./exams";

export type DomainRow = typeof examDomain.$inferSelect;

/** A domain as the API shows it: examGet's and examList's `domains`. */
export interface DomainView {
  id: number;
  code: string;
  name: string;
  weight: number;
}

/** examGet's and examList's exam object: the exam with its blueprint. */
export type ExamWithDomains = ExamView & { domains: DomainView[] };

/** A domain as a write wants it stored: `id` keeps that stored domain, none adds one. */
export interface DomainWanted {
  id?: number;
  code: string;
  name: string;
  weight: number;
}

export function domainToApi(row: DomainRow): DomainView {
  return { id: row.id, code: row.code, name: row.name, weight: row.weight };
}

/** The exam's domains in order. */
export function domainsOf(db: Db, examId: number): Promise<DomainRow[]> {
  return db.select().from(examDomain).where(eq(examDomain.examId, examId)).orderBy(asc(examDomain.position), asc(examDomain.id));
}

/** The domains of each of these exams, in order (examList's page); an exam without any maps to []. */
export async function domainsOfExams(db: Db, examIds: readonly number[]): Promise<Map<number, DomainView[]>> {
  const byExam = new Map<number, DomainView[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return byExam;
  const rows = await db
    .select()
    .from(examDomain)
    .where(inArray(examDomain.examId, [...examIds]))
    .orderBy(asc(examDomain.examId), asc(examDomain.position), asc(examDomain.id));
  for (const row of rows) byExam.get(row.examId)?.push(domainToApi(row));
  return byExam;
}

/** The exam a domain belongs to, or null when there is no such domain. */
export async function examOfDomain(db: Db, domainId: number): Promise<number | null> {
  const rows = await db.select({ examId: examDomain.examId }).from(examDomain).where(eq(examDomain.id, domainId));
  return rows[0]?.examId ?? null;
}

/**
 * Makes the exam's blueprint `wanted`, in its order: a stored domain it names by id is updated in
 * place (its questions stay in it), an entry without an id is inserted, and a stored domain it
 * leaves out is deleted, which leaves its questions without a domain (the foreign key sets
 * question.domain_id null). Answers the list as stored and how many questions lost their domain.
 * Every id of `wanted` is one of the exam's (checked by the caller).
 */
export async function replaceDomains(db: Db, examId: number, wanted: readonly DomainWanted[]): Promise<{ domains: DomainView[]; unassigned: number }> {
  const kept = wanted.flatMap((d) => (d.id === undefined ? [] : [d.id]));
  const removed = await db
    .select({ id: examDomain.id })
    .from(examDomain)
    .where(and(eq(examDomain.examId, examId), kept.length > 0 ? notInArray(examDomain.id, kept) : undefined));
  const removedIds = removed.map((r) => r.id);
  let unassigned = 0;
  if (removedIds.length > 0) {
    const [counted] = await db.select({ n: count() }).from(question).where(inArray(question.domainId, removedIds));
    unassigned = Number(counted?.n ?? 0);
    await db.delete(examDomain).where(inArray(examDomain.id, removedIds));
  }
  const out: DomainView[] = [];
  for (const [i, d] of wanted.entries()) {
    const values = { position: i + 1, code: d.code, name: d.name, weight: d.weight };
    const [row] =
      d.id === undefined
        ? await db.insert(examDomain).values({ ...values, examId }).returning()
        : await db.update(examDomain).set(values).where(and(eq(examDomain.id, d.id), eq(examDomain.examId, examId))).returning();
    out.push(domainToApi(row!));
  }
  return { domains: out, unassigned };
}
