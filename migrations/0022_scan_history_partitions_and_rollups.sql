-- Scan history is partitioned by calendar month (UTC) of scanned_at: a screen reads only the months
-- it shows, and history past its retention is dropped a month at a time instead of deleted row by
-- row. A default partition takes any row whose month does not exist yet, so no scan is ever
-- refused; the hourly job creates the months ahead and moves such rows into their month.
ALTER TABLE "scan_events" RENAME TO "scan_events_unpartitioned";
--> statement-breakpoint
CREATE TABLE "scan_events" (LIKE "scan_events_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("scanned_at");
--> statement-breakpoint
ALTER SEQUENCE "scan_events_id_seq" OWNED BY "scan_events"."id";
--> statement-breakpoint
ALTER TABLE "scan_events" ADD CONSTRAINT "scan_events_id_scanned_at_pk" PRIMARY KEY ("id", "scanned_at");
--> statement-breakpoint
CREATE TABLE "scan_events_default" PARTITION OF "scan_events" DEFAULT;
--> statement-breakpoint
CREATE FUNCTION ensure_scan_event_partitions(first_month date, months integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  month_start date;
  starts_at timestamptz;
  ends_at timestamptz;
  partition_name text;
  created integer := 0;
BEGIN
  FOR step IN 0 .. months - 1 LOOP
    month_start := (date_trunc('month', first_month) + make_interval(months => step))::date;
    starts_at := month_start::timestamp AT TIME ZONE 'UTC';
    ends_at := (month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    partition_name := 'scan_events_' || to_char(month_start, 'YYYY_MM');
    IF to_regclass(partition_name) IS NULL THEN
      EXECUTE format('CREATE TABLE %I (LIKE scan_events INCLUDING DEFAULTS)', partition_name);
      EXECUTE format(
        'WITH moved AS (DELETE FROM scan_events_default WHERE scanned_at >= %L AND scanned_at < %L RETURNING *) '
        'INSERT INTO %I SELECT * FROM moved', starts_at, ends_at, partition_name);
      EXECUTE format('ALTER TABLE scan_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        partition_name, starts_at, ends_at);
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END;
$$;
--> statement-breakpoint
SELECT ensure_scan_event_partitions(first.month,
  ((date_part('year', now() AT TIME ZONE 'UTC') - date_part('year', first.month)) * 12
    + date_part('month', now() AT TIME ZONE 'UTC') - date_part('month', first.month))::integer + 3)
FROM (
  SELECT date_trunc('month', least(min(scanned_at), now()) AT TIME ZONE 'UTC')::date AS month
  FROM scan_events_unpartitioned
) first;
--> statement-breakpoint
INSERT INTO "scan_events" SELECT * FROM "scan_events_unpartitioned";
--> statement-breakpoint
DROP TABLE "scan_events_unpartitioned";
--> statement-breakpoint
ALTER TABLE "scan_events" ADD CONSTRAINT "scan_events_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scan_events" ADD CONSTRAINT "scan_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scan_events_code_time_idx" ON "scan_events" USING btree ("qr_code_id","scanned_at");
--> statement-breakpoint
CREATE INDEX "scan_events_code_visitor_time_idx" ON "scan_events" USING btree ("qr_code_id","visitor_hash","scanned_at");
--> statement-breakpoint
CREATE INDEX "scan_events_company_time_idx" ON "scan_events" USING btree ("company_id","scanned_at");
--> statement-breakpoint
CREATE INDEX "scan_events_time_idx" ON "scan_events" USING btree ("scanned_at");
--> statement-breakpoint
CREATE INDEX "scan_events_orphan_time_idx" ON "scan_events" USING btree ("scanned_at") WHERE "qr_code_id" IS NULL;
--> statement-breakpoint
-- Retention: whole months that ended before the cutoff are dropped (never a month the roll-up has
-- not finished with), and rows of such months that sit in the default partition are deleted.
CREATE FUNCTION drop_scan_event_partitions_before(cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  part record;
  rolled_until_at timestamptz;
  dropped integer := 0;
BEGIN
  SELECT rolled_until::timestamp AT TIME ZONE 'UTC' INTO rolled_until_at FROM scan_rollup_watermark WHERE id = 1;
  cutoff := least(cutoff, coalesce(rolled_until_at, '-infinity'));
  FOR part IN
    SELECT child.relname FROM pg_inherits link JOIN pg_class child ON child.oid = link.inhrelid
    WHERE link.inhparent = 'scan_events'::regclass AND child.relname ~ '^scan_events_[0-9]{4}_[0-9]{2}$'
  LOOP
    IF (to_date(substr(part.relname, 13), 'YYYY_MM') + interval '1 month')::timestamp AT TIME ZONE 'UTC' <= cutoff THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  DELETE FROM scan_events_default WHERE scanned_at < cutoff;
  RETURN dropped;
END;
$$;
--> statement-breakpoint
CREATE TABLE "code_scan_days" (
	"code_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"counted" integer NOT NULL,
	"visits" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "code_scan_days_code_id_day_pk" PRIMARY KEY("code_id","day")
);
--> statement-breakpoint
CREATE TABLE "scan_rollup_watermark" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_scan_days" ADD CONSTRAINT "code_scan_days_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "code_scan_days" ADD CONSTRAINT "code_scan_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "code_scan_days_company_day_idx" ON "code_scan_days" USING btree ("company_id","day");
--> statement-breakpoint
-- The roll-up: every whole UTC day from the watermark up to `until` (exclusive) is aggregated per
-- code and the watermark moves to `until`, in one statement, so a reader sees either the raw rows
-- of a day or its roll-up, never both or neither. Concurrent runs queue on the watermark's row.
-- Never past the database's own today, whatever `until` says: a day still taking scans is read raw.
CREATE FUNCTION roll_up_scan_days(until date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  from_day date;
  rolled integer := 0;
BEGIN
  until := least(until, (now() AT TIME ZONE 'UTC')::date);
  SELECT rolled_until INTO from_day FROM scan_rollup_watermark WHERE id = 1 FOR UPDATE;
  IF from_day IS NULL OR from_day >= until THEN
    RETURN 0;
  END IF;
  INSERT INTO code_scan_days (code_id, company_id, day, counted, visits, visitors)
  SELECT code.id, code.company_id, (scan.scanned_at AT TIME ZONE 'UTC')::date,
    count(*) FILTER (WHERE scan.counted), count(*),
    count(DISTINCT scan.visitor_hash) FILTER (WHERE scan.kind = 'scan')
  FROM scan_events scan JOIN qr_codes code ON code.id = scan.qr_code_id
  WHERE scan.scanned_at >= from_day::timestamp AT TIME ZONE 'UTC'
    AND scan.scanned_at < until::timestamp AT TIME ZONE 'UTC'
  GROUP BY 1, 2, 3
  ON CONFLICT (code_id, day) DO UPDATE
    SET counted = EXCLUDED.counted, visits = EXCLUDED.visits, visitors = EXCLUDED.visitors;
  GET DIAGNOSTICS rolled = ROW_COUNT;
  UPDATE scan_rollup_watermark SET rolled_until = until WHERE id = 1;
  RETURN rolled;
END;
$$;
--> statement-breakpoint
INSERT INTO scan_rollup_watermark (id, rolled_until)
SELECT 1, coalesce(min(scanned_at AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date) FROM scan_events;
--> statement-breakpoint
SELECT roll_up_scan_days((now() AT TIME ZONE 'UTC')::date);
