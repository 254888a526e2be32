-- question_similarity_confirm with the similarity the caller already knows exactly, per candidate
-- (`candidate_similarities`, null where it does not): an all-ASCII pair, which the similarity
-- index in memory (server/domain/similarity-index.ts) compares exactly as pg_trgm does, in single
-- precision. For those the database only checks that the question is still there with that text
-- in the workspace, and reads its exam's title: coalesce() does not call pg_trgm's similarity(),
-- which makes both texts' trigrams again, when the similarity is given. Confirming one copy took
-- the function of 0012 about 128 µs of a call's time beyond `select 1`, this one about 60 µs (a
-- loop of calls on a bank of 100,000 questions).
--
-- The arrays are read through sub-selects, as the catch-up's arguments are (0012): given as plain
-- parameters, the planner sized unnest() by each call's arrays (one candidate, most often) and
-- found that plan cheaper than the generic one (ten, unknown), so PL/pgSQL planned the statement
-- again on every call: about 0.5 ms of the server's CPU a call (measured).
--
-- The function of 0012 stays, for a process of the version before this one that is still running
-- while this one starts.
CREATE FUNCTION "question_similarity_confirm"(candidate_ids integer[], candidate_exams integer[], candidate_texts text[],
    candidate_similarities real[], compared_with text, at_least real, of_exam integer)
  RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object('id', r.id, 'exam_id', r.exam_id, 'title', r.title, 'similarity', r.similarity)
      ORDER BY r.similarity DESC, r.id), '[]'::json)
    FROM (
      SELECT c.id, c.exam_id, e.title, coalesce(c.known, similarity(c.text, compared_with)) AS similarity
      FROM unnest((SELECT candidate_ids), (SELECT candidate_exams), (SELECT candidate_texts), (SELECT candidate_similarities))
          AS c(id, exam_id, text, known)
        JOIN exam e ON e.id = c.exam_id
        JOIN question q ON q.id = c.id AND q.exam_id = c.exam_id AND q.similarity_text = c.text
      WHERE coalesce(c.known, similarity(c.text, compared_with)) >= at_least
        AND e.workspace_id = (SELECT x.workspace_id FROM exam x WHERE x.id = of_exam)) r);
END
$$;
