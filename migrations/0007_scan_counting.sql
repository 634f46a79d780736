CREATE TABLE "company_scan_counts" (
	"company_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_scan_counts_company_id_shard_pk" PRIMARY KEY("company_id","shard")
);
--> statement-breakpoint
ALTER TABLE "scan_events" ADD COLUMN "kind" varchar(10) DEFAULT 'scan' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_events" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_scan_counts" ADD CONSTRAINT "company_scan_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_events_code_visitor_time_idx" ON "scan_events" USING btree ("qr_code_id","visitor_hash","scanned_at");--> statement-breakpoint
-- Scans logged before repeats and previews were told apart were all counted, except orphan scans
-- (unknown tokens), which never were.
UPDATE scan_events SET counted = false WHERE qr_code_id IS NULL;
--> statement-breakpoint
-- Company scan totals move from companies.verification_count (one row every scan of the company
-- had to lock) to company_scan_counts: a few rows per company, one picked at random per scan.
-- The trigger keeps companies.qr_code_count as before; code inserts and deletes are rare.
CREATE OR REPLACE FUNCTION qr_codes_company_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET qr_code_count = qr_code_count + 1 WHERE id = NEW.company_id;
    IF NEW.verification_count <> 0 THEN
      INSERT INTO company_scan_counts (company_id, shard, count)
      VALUES (NEW.company_id, floor(random() * 16)::smallint, NEW.verification_count)
      ON CONFLICT (company_id, shard) DO UPDATE SET count = company_scan_counts.count + EXCLUDED.count;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies SET qr_code_count = qr_code_count - 1 WHERE id = OLD.company_id;
    -- An update, never an insert: when the company itself is being deleted its rows are gone, and
    -- nothing may be written for it. Any one of its rows takes the difference; only the sum counts.
    UPDATE company_scan_counts SET count = count - OLD.verification_count
    WHERE company_id = OLD.company_id
      AND shard = (SELECT min(shard) FROM company_scan_counts WHERE company_id = OLD.company_id);
  ELSIF NEW.verification_count <> OLD.verification_count THEN
    INSERT INTO company_scan_counts (company_id, shard, count)
    VALUES (NEW.company_id, floor(random() * 16)::smallint, NEW.verification_count - OLD.verification_count)
    ON CONFLICT (company_id, shard) DO UPDATE SET count = company_scan_counts.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO company_scan_counts (company_id, shard, count)
SELECT id, 0, verification_count FROM companies WHERE verification_count <> 0;
--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "verification_count";
