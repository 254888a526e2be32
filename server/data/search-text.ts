// The startup backfill of question.search_text and question.similarity_text (contract 15.2 points
// 1 and 3). Migration 0007 added both columns empty, and SQL cannot fold texts as
// server/domain/search-text.ts does (HTML, entities, accents in every script), so the app fills
// them in when it opens the database: every question whose search_text is '' (the value a write
// never stores) is computed in batches, oldest first. Every write of a question's content sets
// both columns itself, so after the first start this finds nothing and costs one index-less scan.
import { sql } from "drizzle-orm";
import { answer, question } from "@/db/schema";
import { executeRows, type Db } from "@/db/client";
import { questionTextColumns } from "../domain/search-text";

/** Questions per statement: their HTML is read and written back in one round trip each way. */
const BACKFILL_BATCH = 500;

/** Fills in the search texts of every question that has none yet; answers how many it wrote. */
export async function backfillSearchText(db: Db): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const rows = await executeRows<{ id: number; question: string; explanation: string; answers: string[] | null }>(
      db,
      sql`
        select q.id, q.question, q.explanation,
          (select array_agg(a.answer order by a."order", a.id) from ${answer} a where a.question_id = q.id) as answers
        from ${question} q
        where q.search_text = '' and q.id > ${after}
        order by q.id
        limit ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return written;
    const computed = rows.map((r) =>
      questionTextColumns({ question: r.question, explanation: r.explanation, answers: (r.answers ?? []).map((a) => ({ answer: a })) }),
    );
    // Only rows still empty: a write that came in between has already stored its own texts.
    await executeRows(
      db,
      sql`
        update ${question} set search_text = v.search_text, similarity_text = v.similarity_text
        from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(computed.map((c) => c.searchText))}::text[],
          ${sql.param(computed.map((c) => c.similarityText))}::text[]) as v(id, search_text, similarity_text)
        where ${question.id} = v.id and ${question.searchText} = ''`,
    );
    written += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
