-- Appending to the transparency log in one call per transaction (docs/decisions/050): the head row
-- is locked only by this function, for the length of one statement and the commit after it, and a
-- caller that cannot get it within 3 seconds is refused (55P03) rather than queued behind a batch.
CREATE FUNCTION "append_to_log"(p_kinds text[], p_subjects text[], p_records text[])
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
    INSERT INTO transparency_log (seq, kind, subject, record, leaf_hash, chain_hash)
    VALUES (head_size, p_kinds[i], p_subjects[i], p_records[i], leaf, head);
    RETURN NEXT head_size;
  END LOOP;
  UPDATE transparency_log_head SET size = head_size, head_hash = head WHERE id = 1;
END
$$;
--> statement-breakpoint
-- Every entry must follow from the one before it: its leaf is its record's hash and its chain hash
-- the chain over the previous entry's. A writer cannot slip an entry in that the chain does not hold.
CREATE FUNCTION "guard_transparency_log_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW.leaf_hash <> encode(sha256(convert_to(NEW.record, 'UTF8')), 'hex')
     OR NEW.chain_hash <> encode(sha256(decode(previous, 'hex') || decode(NEW.leaf_hash, 'hex')), 'hex') THEN
    RAISE EXCEPTION 'transparency_log entry % does not hold its chain', NEW.seq;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transparency_log_chained" BEFORE INSERT ON "transparency_log"
  FOR EACH ROW EXECUTE FUNCTION "guard_transparency_log_entry"();
--> statement-breakpoint
-- The head only moves forward, and only onto an entry that holds it: the same append-only guard
-- as the entries, so a checkpoint can never be asked to sign a head the entries do not reach.
CREATE FUNCTION "guard_transparency_log_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'transparency_log_head is never removed';
  END IF;
  IF NEW.id <> OLD.id OR NEW.size < OLD.size
     OR (NEW.size = OLD.size AND NEW.head_hash <> OLD.head_hash)
     OR (NEW.size > OLD.size AND NOT EXISTS (
       SELECT 1 FROM transparency_log WHERE seq = NEW.size AND chain_hash = NEW.head_hash)) THEN
    RAISE EXCEPTION 'transparency_log_head moves only forward, onto the last entry';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transparency_log_head_guard" BEFORE UPDATE OR DELETE ON "transparency_log_head"
  FOR EACH ROW EXECUTE FUNCTION "guard_transparency_log_head"();
--> statement-breakpoint
CREATE TRIGGER "transparency_log_head_no_truncate" BEFORE TRUNCATE ON "transparency_log_head"
  FOR EACH STATEMENT EXECUTE FUNCTION "guard_transparency_log_head"();
