// The tags in use in a workspace (contract 15.1 point 3), for the question editor's suggestions:
// each tag once without regard to case, in its most used spelling, the most used first.
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { exam, membership, question } from "@/db/schema";

/** Tags suggested at most: the most used, enough for any list a person scrolls. */
export const TAG_SUGGESTIONS_MAX = 500;

/**
 * The tags of the questions of every exam in the workspace of exam `examId`, when `userId` is a
 * member of it (else none).
 */
export async function workspaceTagsOfExam(db: Db, userId: string, examId: number): Promise<string[]> {
  const rows = await executeRows<{ tag: string }>(
    db,
    sql`
      with ws as (
        select e.workspace_id from ${exam} e
        join ${membership} m on m.workspace_id = e.workspace_id and m.user_id = ${userId}
        where e.id = ${examId}
      ), used as (
        select t.tag, count(*) as n
        from ${question} q
        join ${exam} e on e.id = q.exam_id
        cross join lateral jsonb_array_elements_text(q.tags) as t(tag)
        where e.workspace_id = (select workspace_id from ws)
        group by t.tag
      ), ranked as (
        select tag, n, sum(n) over (partition by lower(tag)) as total,
          row_number() over (partition by lower(tag) order by n desc, tag) as k
        from used
      )
      select tag from ranked where k = 1 order by total desc, lower(tag), tag limit ${TAG_SUGGESTIONS_MAX}`,
  );
  return rows.map((r) => r.tag);
}
