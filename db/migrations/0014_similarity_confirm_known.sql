-- question_similarity_confirm with the similarity the caller already knows exactly, per candidate
-- (`candidate_similarities`, null where it does not): an all-ASCII pair, which the similarity
-- index in memory (server/domain/similarity-index.ts) compares exactly as pg_trgm does, in single
-- precision. For those the database only checks that the question is still there with that text
-- in the workspace, and reads its exam's title; pg_trgm's similarity(), which makes both texts'
-- trigrams again, runs only for the others, and once: the function of 0012 ran it twice a
-- candidate (in its filter and in its answer), about 113 µs of the server's CPU to confirm one
-- copy in a create (measured). OFFSET 0 keeps the lateral sub-select a node of its own, evaluated
-- once a row: pulled up into the query, its expression would be copied into both places again.
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
      SELECT c.id, c.exam_id, e.title, s.similarity
      FROM unnest(candidate_ids, candidate_exams, candidate_texts, candidate_similarities) AS c(id, exam_id, text, known)
        CROSS JOIN LATERAL (SELECT coalesce(c.known, similarity(c.text, compared_with)) AS similarity OFFSET 0) s
        JOIN exam e ON e.id = c.exam_id
        JOIN question q ON q.id = c.id AND q.exam_id = c.exam_id AND q.similarity_text = c.text
      WHERE s.similarity >= at_least
        AND e.workspace_id = (SELECT x.workspace_id FROM exam x WHERE x.id = of_exam)) r);
END
$$;
