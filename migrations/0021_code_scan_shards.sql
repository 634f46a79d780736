CREATE TABLE "code_scan_counts" (
	"code_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"scans" bigint DEFAULT 0 NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "code_scan_counts_code_id_shard_pk" PRIMARY KEY("code_id","shard")
);
--> statement-breakpoint
ALTER TABLE "code_scan_counts" ADD CONSTRAINT "code_scan_counts_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_scan_counts" ADD CONSTRAINT "code_scan_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A code's count moves from qr_codes.verification_count (the code's own row, which every scan of the
-- code had to lock) to code_scan_counts: a few rows per code, one picked at random per counted scan.
-- The distinct scanners seen so far move there too, so the scan log no longer reads the code's
-- whole history to count them. Existing totals start in shard 0.
INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
SELECT code.id, code.company_id, 0, code.verification_count, coalesce(seen.visitors, 0)
FROM qr_codes code
LEFT JOIN (
  SELECT qr_code_id, count(DISTINCT visitor_hash) AS visitors FROM scan_events
  WHERE kind = 'scan' AND qr_code_id IS NOT NULL GROUP BY qr_code_id
) seen ON seen.qr_code_id = code.id
WHERE code.verification_count <> 0 OR seen.visitors IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER qr_codes_company_counters ON qr_codes;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qr_codes_company_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET qr_code_count = qr_code_count + 1 WHERE id = NEW.company_id;
  ELSE
    UPDATE companies SET qr_code_count = qr_code_count - 1 WHERE id = OLD.company_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER qr_codes_company_counters AFTER INSERT OR DELETE ON qr_codes
FOR EACH ROW EXECUTE FUNCTION qr_codes_company_counters();
--> statement-breakpoint
-- The company's total follows its codes' shards: what a shard gains, one of the company's shards
-- (at random) gains too, so a busy company's scans do not queue behind one row either.
CREATE FUNCTION code_scan_counts_company_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gained bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- An update, never an insert: when the company itself is being deleted its rows are gone, and
    -- nothing may be written for it. Any one of its rows takes the difference; only the sum counts.
    UPDATE company_scan_counts SET count = count - OLD.scans
    WHERE company_id = OLD.company_id
      AND shard = (SELECT min(shard) FROM company_scan_counts WHERE company_id = OLD.company_id);
    RETURN NULL;
  END IF;
  gained := NEW.scans - CASE WHEN TG_OP = 'UPDATE' THEN OLD.scans ELSE 0 END;
  IF gained <> 0 THEN
    INSERT INTO company_scan_counts (company_id, shard, count)
    VALUES (NEW.company_id, floor(random() * 16)::smallint, gained)
    ON CONFLICT (company_id, shard) DO UPDATE SET count = company_scan_counts.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER code_scan_counts_company_total AFTER INSERT OR UPDATE OR DELETE ON code_scan_counts
FOR EACH ROW EXECUTE FUNCTION code_scan_counts_company_total();
--> statement-breakpoint
ALTER TABLE "qr_codes" DROP COLUMN "verification_count";