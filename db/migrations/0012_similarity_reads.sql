-- The two reads of the similar_question look-up in memory (server/data/similarity-index-store.ts
-- and server/data/question-duplicates.ts), as functions: questionCreate's insert reads them along,
-- and a function's statements are planned once per connection and kept (PL/pgSQL's plan cache),
-- where the same SQL written into the insert was planned with it on every call by the embedded
-- database (PGlite plans every statement it is sent): about 0.8 ms of a create, and 1.2 ms more
-- when there were candidates to confirm (measured). STABLE: they read with the snapshot of the
-- statement that calls them, so the insert's own rows are not in what they answer.
--
-- question_similarity_catch_up: what changed in workspace `in_workspace` since transaction
-- `since_xid` (the rows whose similarity_xid is at least it, in that order, at most 2,001: the
-- store's CATCH_UP_LIMIT and one), and the new horizon, as {horizon, rows}. Both values are read
-- through sub-selects, so that the plan made for the first values is the plan for any (the
-- planner knows neither), and kept.
CREATE FUNCTION "question_similarity_catch_up"(since_xid bigint, in_workspace integer) RETURNS json
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'horizon', pg_snapshot_xmin(pg_current_snapshot())::text,
    'rows', coalesce((SELECT json_agg(c) FROM (
      SELECT q.id, q.exam_id, q.similarity_text, q.similarity_keys, q.similarity_version
      FROM question q JOIN exam e ON e.id = q.exam_id
      WHERE q.similarity_xid >= (SELECT since_xid) AND e.workspace_id = (SELECT in_workspace)
      ORDER BY q.similarity_xid
      LIMIT 2001) c), '[]'::json));
END
$$;--> statement-breakpoint
-- question_similarity_confirm: of the candidates (ids, exams and the texts compared), those at
-- least `at_least` similar to `compared_with` by pg_trgm that are still questions with that text
-- in exam `of_exam`'s workspace, most similar first, as [{id, exam_id, title, similarity}].
CREATE FUNCTION "question_similarity_confirm"(candidate_ids integer[], candidate_exams integer[], candidate_texts text[],
    compared_with text, at_least real, of_exam integer)
  RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object('id', r.id, 'exam_id', r.exam_id, 'title', r.title, 'similarity', r.similarity)
      ORDER BY r.similarity DESC, r.id), '[]'::json)
    FROM (
      SELECT c.id, c.exam_id, e.title, similarity(c.text, compared_with) AS similarity
      FROM unnest(candidate_ids, candidate_exams, candidate_texts) AS c(id, exam_id, text)
        JOIN exam e ON e.id = c.exam_id
        JOIN question q ON q.id = c.id AND q.exam_id = c.exam_id AND q.similarity_text = c.text
      WHERE similarity(c.text, compared_with) >= at_least
        AND e.workspace_id = (SELECT x.workspace_id FROM exam x WHERE x.id = of_exam)) r);
END
$$;
