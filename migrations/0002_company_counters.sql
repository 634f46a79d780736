ALTER TABLE "companies" ADD COLUMN "qr_code_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Keeps companies.qr_code_count and companies.verification_count equal to the count and the sum
-- over the company's codes, whoever writes qr_codes (routes, scans, cascades, bulk loads).
CREATE FUNCTION qr_codes_company_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET qr_code_count = qr_code_count + 1, verification_count = verification_count + NEW.verification_count
    WHERE id = NEW.company_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies SET qr_code_count = qr_code_count - 1, verification_count = verification_count - OLD.verification_count
    WHERE id = OLD.company_id;
  ELSIF NEW.verification_count <> OLD.verification_count THEN
    UPDATE companies SET verification_count = verification_count + (NEW.verification_count - OLD.verification_count)
    WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER qr_codes_company_counters AFTER INSERT OR DELETE OR UPDATE OF verification_count ON qr_codes
FOR EACH ROW EXECUTE FUNCTION qr_codes_company_counters();
--> statement-breakpoint
UPDATE companies SET qr_code_count = totals.codes, verification_count = totals.verifications
FROM (SELECT company_id, count(*) AS codes, sum(verification_count) AS verifications FROM qr_codes GROUP BY company_id) totals
WHERE companies.id = totals.company_id;
