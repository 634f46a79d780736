CREATE TABLE "signing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"compromised_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transparency_checkpoints" (
	"size" bigint NOT NULL,
	"head_hash" varchar(64) NOT NULL,
	"record" text NOT NULL,
	"kid" varchar(64) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transparency_checkpoints_size_kid_pk" PRIMARY KEY("size","kid")
);
--> statement-breakpoint
CREATE TABLE "transparency_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"subject" varchar(64) NOT NULL,
	"record" text NOT NULL,
	"leaf_hash" varchar(64) NOT NULL,
	"chain_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transparency_log_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"head_hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transparency_log_subject_idx" ON "transparency_log" USING btree ("subject","seq");--> statement-breakpoint
-- The empty log: size 0, and the chain's starting hash, 32 zero bytes in hexadecimal.
INSERT INTO "transparency_log_head" ("id", "size", "head_hash") VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
-- Append-only: no entry or checkpoint is ever changed or removed, by the application or anyone
-- else short of a superuser who drops the trigger (which the log's verification then catches).
CREATE FUNCTION "refuse_transparency_log_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transparency_log_append_only" BEFORE UPDATE OR DELETE ON "transparency_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
CREATE TRIGGER "transparency_log_no_truncate" BEFORE TRUNCATE ON "transparency_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
CREATE TRIGGER "transparency_checkpoints_append_only" BEFORE UPDATE OR DELETE ON "transparency_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
CREATE TRIGGER "transparency_checkpoints_no_truncate" BEFORE TRUNCATE ON "transparency_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_transparency_log_change"();
--> statement-breakpoint
-- The key history is kept like the log: a key is never removed or rewritten; only its stop and
-- compromise times may be set, once.
CREATE FUNCTION "guard_signing_key_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'signing_keys rows are never removed';
  END IF;
  IF NEW.kid IS DISTINCT FROM OLD.kid OR NEW.public_jwk IS DISTINCT FROM OLD.public_jwk
     OR NEW.started_at IS DISTINCT FROM OLD.started_at
     OR (OLD.stopped_at IS NOT NULL AND NEW.stopped_at IS DISTINCT FROM OLD.stopped_at)
     OR (OLD.compromised_at IS NOT NULL AND NEW.compromised_at IS DISTINCT FROM OLD.compromised_at) THEN
    RAISE EXCEPTION 'a signing key''s published details never change';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signing_keys_guard" BEFORE UPDATE OR DELETE ON "signing_keys"
  FOR EACH ROW EXECUTE FUNCTION "guard_signing_key_change"();
