-- question_similarity_catch_up with the transactions a similarity index has read in full
-- (server/data/similarity-index-store.ts): their rows are left out. A catch-up reads every row
-- written at or past its horizon, the oldest transaction still running when the last read was
-- taken; with creates running side by side, that horizon lags a few transactions behind, and each
-- create read again the rows of the few before it (3.8 rows a create in the duplicates benchmark,
-- where 1 was new), each joined to its exam, turned into json, sent and parsed. What the look-up
-- added to the server's CPU a create went from 0.38 ms to 0.13-0.21 ms (bench:duplicates's
-- rounds on PostgreSQL, 8 of each).
--
-- A transaction is read in full by a read that sees it committed: every row it wrote is then
-- visible to that read. Each row says which transaction wrote it (`xid`), and the answer says
-- which transaction read it (`own`, null when it has written nothing yet): its own rows may be
-- followed by more, or rolled back, so the store never counts it as read.
--
-- The function of migration 0012 stays, for a process of the version before this one that is
-- still running while this one starts.
CREATE FUNCTION "question_similarity_catch_up"(since_xid bigint, in_workspace integer, read_xids bigint[]) RETURNS json
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'horizon', pg_snapshot_xmin(pg_current_snapshot())::text,
    'own', pg_current_xact_id_if_assigned()::text,
    'rows', coalesce((SELECT json_agg(c) FROM (
      SELECT q.id, q.exam_id, q.similarity_text, q.similarity_keys, q.similarity_version, q.similarity_xid AS xid
      FROM question q JOIN exam e ON e.id = q.exam_id
      WHERE q.similarity_xid >= (SELECT since_xid)
        AND q.similarity_xid <> ALL (((SELECT read_xids))::bigint[])
        AND e.workspace_id = (SELECT in_workspace)
      ORDER BY q.similarity_xid
      LIMIT 2001) c), '[]'::json));
END
$$;
