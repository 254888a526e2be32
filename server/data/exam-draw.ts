// What a draw reads of an exam (contract 15.1): its blueprint and its questions, each with its
// domain, in one statement, so both come from one snapshot (a domain removed meanwhile cannot
// leave a question pointing to a domain the blueprint no longer lists). The pool is the
// questions' ids and domains alone, in the exam's order (position, then id, as questionList
// numbers them): PostgreSQL writes it for an exam of 1,000 questions in about a millisecond, of
// 10,000 in about ten (bench/exam-draw.ts).
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import type { PoolQuestion } from "../domain/draw";
import type { DomainView } from "./domains";

export interface DrawSource {
  /** The blueprint in its order, as examGet shows it. */
  domains: DomainView[];
  /** Every question of the exam in its order. */
  pool: PoolQuestion[];
}

/** The exam's blueprint and question pool. The caller has checked its access to the exam. */
export async function drawSource(db: Db, examId: number): Promise<DrawSource> {
  // The pool as one text, "id:domain" pairs joined by commas (no domain: "id:"): for an exam of
  // 10,000 questions PostgreSQL writes it in two thirds of the time json_agg takes, and the app
  // reads it faster than as rows. The blueprint (at most 50 domains) as JSON.
  const [row] = await executeRows<{ domains: string; pool: string }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_array(d.id, d.code, d.name, d.weight) order by d.position, d.id), '[]')::text
         from exam_domain d where d.exam_id = ${examId}) as domains,
      (select coalesce(string_agg(q.id::text || ':' || coalesce(q.domain_id::text, ''), ',' order by q.position, q.id), '')
         from question q where q.exam_id = ${examId}) as pool`,
  );
  const domains = JSON.parse(row!.domains) as [number, string, string, number][];
  return {
    domains: domains.map(([id, code, name, weight]) => ({ id, code, name, weight })),
    pool: row!.pool === "" ? [] : row!.pool.split(",").map(parsePoolEntry),
  };
}

function parsePoolEntry(entry: string): PoolQuestion {
  const colon = entry.indexOf(":");
  const domain = entry.slice(colon + 1);
  return { id: Number(entry.slice(0, colon)), domainId: domain === "" ? null : Number(domain) };
}
