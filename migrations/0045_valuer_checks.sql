CREATE TABLE "practising_certificate_reminders" (
	"valuer_id" integer NOT NULL,
	"year" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practising_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"valuer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"registration_number" varchar(100) NOT NULL,
	"valuer_name" varchar(255) NOT NULL,
	"object_key" varchar(100) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" varchar(10),
	"valid_until" date,
	"rejection_reason" varchar(500),
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "valuer_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"valuer_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"source_id" integer NOT NULL,
	"snapshot_id" integer,
	"practising_certificate_id" integer,
	"registration_number" varchar(100) NOT NULL,
	"valuer_name" varchar(255) NOT NULL,
	"result" varchar(16) NOT NULL,
	"listed_name" varchar(200),
	"published_on" date,
	"reviewed_on" date,
	"valid_until" date,
	"holds_through" date NOT NULL,
	"lapses_as" varchar(10) NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "valuer_register_check" jsonb;--> statement-breakpoint
ALTER TABLE "practising_certificate_reminders" ADD CONSTRAINT "practising_certificate_reminders_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practising_certificates" ADD CONSTRAINT "practising_certificates_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practising_certificates" ADD CONSTRAINT "practising_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuer_checks" ADD CONSTRAINT "valuer_checks_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuer_checks" ADD CONSTRAINT "valuer_checks_source_id_register_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."register_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuer_checks" ADD CONSTRAINT "valuer_checks_snapshot_id_register_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."register_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuer_checks" ADD CONSTRAINT "valuer_checks_practising_certificate_id_practising_certificates_id_fk" FOREIGN KEY ("practising_certificate_id") REFERENCES "public"."practising_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practising_certificate_reminders_once" ON "practising_certificate_reminders" USING btree ("valuer_id","year");--> statement-breakpoint
CREATE INDEX "practising_certificates_valuer" ON "practising_certificates" USING btree ("valuer_id","id");--> statement-breakpoint
CREATE INDEX "practising_certificates_waiting" ON "practising_certificates" USING btree ("uploaded_at") WHERE "practising_certificates"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "valuer_checks_newest" ON "valuer_checks" USING btree ("valuer_id","id");--> statement-breakpoint
-- What ValuSeal knew of a valuer's registration is appended, never rewritten (decision 062): a
-- certificate froze a check, and the history shows what the next one would freeze.
CREATE TRIGGER "valuer_checks_append_only" BEFORE UPDATE OR DELETE ON "valuer_checks"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
-- A practising certificate is reviewed once: the decision, the day it is valid until and the
-- reviewer are set together and then kept; the uploaded file's record is never deleted.
CREATE FUNCTION "refuse_practising_certificate_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.decision IS NOT NULL THEN
    RAISE EXCEPTION 'practising certificate % is kept as reviewed', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "practising_certificates_reviewed_once" BEFORE UPDATE OR DELETE ON "practising_certificates"
  FOR EACH ROW EXECUTE FUNCTION "refuse_practising_certificate_change"();
