-- The log's records apart from its entries (docs/decisions/077): the chain needs only each entry's
-- leaf hash, and a record (a compact JWS, about 1.6 KB) was three quarters of what a code kept in
-- the database. Recent records stay here; older ones move to R2 in runs of consecutive entries,
-- each record checked against its entry's leaf hash whenever it is read back.
CREATE TABLE "transparency_log_records" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"record" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transparency_log_records" ADD CONSTRAINT "transparency_log_records_seq_transparency_log_seq_fk" FOREIGN KEY ("seq") REFERENCES "public"."transparency_log"("seq") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "transparency_log_archives" (
	"first_seq" bigint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"object_key" text NOT NULL,
	"offsets" integer[] NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "transparency_log_records" ("seq", "record") SELECT "seq", "record" FROM "transparency_log";
--> statement-breakpoint
-- An entry's insert now checks its chain only; its record's own insert checks the leaf hash.
CREATE OR REPLACE FUNCTION "guard_transparency_log_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  IF NEW.seq = 1 THEN
    previous := repeat('0', 64);
  ELSE
    SELECT chain_hash INTO previous FROM transparency_log WHERE seq = NEW.seq - 1;
    IF previous IS NULL THEN
      RAISE EXCEPTION 'transparency_log entry % does not follow an entry', NEW.seq;
    END IF;
  END IF;
  IF NEW.chain_hash <> encode(sha256(decode(previous, 'hex') || decode(NEW.leaf_hash, 'hex')), 'hex') THEN
    RAISE EXCEPTION 'transparency_log entry % does not hold its chain', NEW.seq;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE "transparency_log" DROP COLUMN "record";
--> statement-breakpoint
-- A record is stored once, with the hash its entry holds, and never changed; it is removed only
-- when an archive holds it (the archive's object is checked against the leaf hashes on every read).
CREATE FUNCTION "guard_transparency_log_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM transparency_log
                   WHERE seq = NEW.seq AND leaf_hash = encode(sha256(convert_to(NEW.record, 'UTF8')), 'hex')) THEN
      RAISE EXCEPTION 'transparency_log record % is not its entry''s leaf', NEW.seq;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM transparency_log_archives
                                  WHERE OLD.seq BETWEEN first_seq AND last_seq) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'transparency_log record % is only removed once archived', coalesce(OLD.seq, NEW.seq);
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transparency_log_record_guard" BEFORE INSERT OR UPDATE OR DELETE ON "transparency_log_records"
  FOR EACH ROW EXECUTE FUNCTION "guard_transparency_log_record"();
--> statement-breakpoint
CREATE TRIGGER "transparency_log_records_no_truncate" BEFORE TRUNCATE ON "transparency_log_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
-- An archive covers entries that exist, overlaps no other and has one offset per entry and its end.
CREATE FUNCTION "guard_transparency_log_archive"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.first_seq < 1 OR NEW.last_seq < NEW.first_seq
     OR NOT EXISTS (SELECT 1 FROM transparency_log WHERE seq = NEW.last_seq)
     OR coalesce(array_length(NEW.offsets, 1), 0) <> NEW.last_seq - NEW.first_seq + 2
     OR EXISTS (SELECT 1 FROM transparency_log_archives
                WHERE first_seq <= NEW.last_seq AND last_seq >= NEW.first_seq) THEN
    RAISE EXCEPTION 'transparency_log archive % to % does not fit the log', NEW.first_seq, NEW.last_seq;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transparency_log_archive_guard" BEFORE INSERT ON "transparency_log_archives"
  FOR EACH ROW EXECUTE FUNCTION "guard_transparency_log_archive"();
--> statement-breakpoint
CREATE TRIGGER "transparency_log_archives_append_only" BEFORE UPDATE OR DELETE ON "transparency_log_archives"
  FOR EACH ROW EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
CREATE TRIGGER "transparency_log_archives_no_truncate" BEFORE TRUNCATE ON "transparency_log_archives"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "append_to_log"(p_kinds text[], p_subjects text[], p_records text[])
RETURNS SETOF bigint LANGUAGE plpgsql SET lock_timeout = '3s' AS $$
DECLARE
  head_size bigint;
  head text;
  leaf text;
BEGIN
  IF coalesce(array_length(p_records, 1), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT size, head_hash INTO head_size, head FROM transparency_log_head WHERE id = 1 FOR UPDATE;
  FOR i IN 1 .. array_length(p_records, 1) LOOP
    leaf := encode(sha256(convert_to(p_records[i], 'UTF8')), 'hex');
    head_size := head_size + 1;
    head := encode(sha256(decode(head, 'hex') || decode(leaf, 'hex')), 'hex');
    INSERT INTO transparency_log (seq, kind, subject, leaf_hash, chain_hash)
    VALUES (head_size, p_kinds[i], p_subjects[i], leaf, head);
    INSERT INTO transparency_log_records (seq, record) VALUES (head_size, p_records[i]);
    RETURN NEXT head_size;
  END LOOP;
  UPDATE transparency_log_head SET size = head_size, head_hash = head WHERE id = 1;
END
$$;
