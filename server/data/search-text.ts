// The startup backfill of question.search_text, similarity_text and similarity_keys (contract 15.2
// points 1 and 3). Migration 0007 added the texts empty and 0008 the keys, and SQL cannot fold
// texts as server/domain/search-text.ts does (HTML, entities, accents in every script) nor hash
// them as server/domain/similarity-keys.ts does, so the app fills them in when it opens the
// database: every question whose search_text is '' (the value a write never stores) is computed
// in batches, oldest first; then every question with a similarity_text but no keys yet gets its
// keys from that text. Every write of a question's content sets all three columns itself, so after
// the first start this finds nothing and costs two index-less scans.
import { sql } from "drizzle-orm";
import { answer, question } from "@/db/schema";
import { executeRows, type Db } from "@/db/client";
import { questionTextColumns } from "../domain/search-text";
import { similarityKeys } from "../domain/similarity-keys";

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
        update ${question} set search_text = v."searchText", similarity_text = v."similarityText", similarity_keys = v."similarityKeys"
        from jsonb_to_recordset(${JSON.stringify(rows.map((r, k) => ({ id: r.id, ...computed[k]! })))}::jsonb)
          as v(id integer, "searchText" text, "similarityText" text, "similarityKeys" integer[])
        where ${question.id} = v.id and ${question.searchText} = ''`,
    );
    written += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}

/** Gives every question with a similarity_text but no similarity keys its keys; answers how many it wrote. */
export async function backfillSimilarityKeys(db: Db): Promise<number> {
  let written = 0;
  let after = 0;
  for (;;) {
    const rows = await executeRows<{ id: number; similarity_text: string }>(
      db,
      sql`
        select q.id, q.similarity_text from ${question} q
        where q.similarity_keys = '{}' and q.similarity_text <> '' and q.id > ${after}
        order by q.id
        limit ${BACKFILL_BATCH}`,
    );
    if (rows.length === 0) return written;
    const doc = rows.map((r) => ({ id: r.id, text: r.similarity_text, keys: similarityKeys(r.similarity_text) }));
    // Only where the text is still the one the keys were computed from.
    await executeRows(
      db,
      sql`
        update ${question} set similarity_keys = v.keys
        from jsonb_to_recordset(${JSON.stringify(doc)}::jsonb) as v(id integer, text text, keys integer[])
        where ${question.id} = v.id and ${question.similarityText} = v.text`,
    );
    written += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
