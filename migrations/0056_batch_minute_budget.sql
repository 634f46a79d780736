-- A batch of codes is stored in one statement (worker/services/codes/code-issuing.ts) that first
-- waits for the firm's batch lock. Its own snapshot was taken before that wait, so it cannot see the
-- codes of the batch it waited for; this function can: VOLATILE and PL/pgSQL, its query takes a
-- snapshot of its own when called, after the lock. The statement refuses a batch that would take the
-- firm past its codes a minute (BATCH_CODES_PER_MINUTE, schema/validation/qr-codes.ts).
CREATE FUNCTION codes_issued_in_last_minute(company integer) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT count(*) FROM qr_codes
    WHERE company_id = company AND created_at > clock_timestamp() - interval '1 minute');
END
$$;
