-- A single statement that does several things (issuing a code: claim the Idempotency-Key, insert
-- the code, append its signed record to the log) must undo all of them when one part could not be
-- done. Plain SQL has no way to fail a statement on purpose; this function does, so the statement's
-- last step can refuse it with a reason the Worker reads back (SQLSTATE VS001, the reason as message).
CREATE FUNCTION refuse_statement(reason text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'VS001', MESSAGE = reason;
END
$$;
