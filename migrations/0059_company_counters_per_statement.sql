-- A firm's code count (companies.qr_code_count) followed its codes with a trigger per row: a batch
-- of 500 codes, stored in one statement since decision 071, updated the company row 500 times as
-- the statement ended, after the statement had taken the transparency log's head, so every signer
-- on the platform waited for 500 row versions of one company (and vacuum had them to clear). One
-- update per statement and company instead, from the rows the statement inserted or deleted.
DROP TRIGGER qr_codes_company_counters ON qr_codes;
--> statement-breakpoint
DROP FUNCTION qr_codes_company_counters();
--> statement-breakpoint
CREATE FUNCTION qr_codes_company_counters_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET qr_code_count = qr_code_count + added.codes
  FROM (SELECT company_id, count(*) AS codes FROM added_codes GROUP BY company_id) added
  WHERE companies.id = added.company_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION qr_codes_company_counters_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET qr_code_count = qr_code_count - removed.codes
  FROM (SELECT company_id, count(*) AS codes FROM removed_codes GROUP BY company_id) removed
  WHERE companies.id = removed.company_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER qr_codes_company_counters_added AFTER INSERT ON qr_codes
REFERENCING NEW TABLE AS added_codes FOR EACH STATEMENT EXECUTE FUNCTION qr_codes_company_counters_added();
--> statement-breakpoint
CREATE TRIGGER qr_codes_company_counters_removed AFTER DELETE ON qr_codes
REFERENCING OLD TABLE AS removed_codes FOR EACH STATEMENT EXECUTE FUNCTION qr_codes_company_counters_removed();
