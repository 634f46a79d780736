-- Each code's visitors: one row per code and visitor hash, with the month of their latest counted
-- scan. A scan whose insert adds a row is a new distinct scanner (one key probe, where searching
-- the scan log probed every monthly partition); the hourly job forgets visitors with their visits.
CREATE TABLE "code_visitors" (
	"code_id" integer NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	"last_seen_month" date NOT NULL,
	CONSTRAINT "code_visitors_code_id_visitor_hash_pk" PRIMARY KEY("code_id","visitor_hash")
);
--> statement-breakpoint
-- Every visitor the scan log already holds for a code, with the month of their latest scan, so a
-- visitor who scanned before this migration is not counted as new again. (Scans the previous
-- Worker logs between this migration and the deploy of the one that keeps this table are not
-- here: such a visitor counts as new once more when they return.)
INSERT INTO "code_visitors" ("code_id", "visitor_hash", "last_seen_month")
SELECT qr_code_id, visitor_hash, date_trunc('month', max(scanned_at) AT TIME ZONE 'UTC')::date
FROM scan_events
WHERE kind = 'scan' AND qr_code_id IS NOT NULL AND visitor_hash IS NOT NULL
GROUP BY qr_code_id, visitor_hash;
--> statement-breakpoint
CREATE INDEX "code_visitors_last_seen_idx" ON "code_visitors" USING btree ("last_seen_month");
--> statement-breakpoint
-- Added last and NOT VALID: the rows above come from scan_events, whose code ids reference
-- qr_codes, so checking them again would only hold the lock on qr_codes (which stops codes being
-- issued) while every row is read. Rows written from now on are checked as usual.
ALTER TABLE "code_visitors" ADD CONSTRAINT "code_visitors_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action NOT VALID;
