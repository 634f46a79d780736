ALTER TABLE "practising_certificate_reminders" DROP CONSTRAINT "practising_certificate_reminders_valuer_id_valuers_id_fk";
--> statement-breakpoint
ALTER TABLE "practising_certificates" DROP CONSTRAINT "practising_certificates_valuer_id_valuers_id_fk";
--> statement-breakpoint
ALTER TABLE "practising_certificates" DROP CONSTRAINT "practising_certificates_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "valuer_checks" DROP CONSTRAINT "valuer_checks_valuer_id_valuers_id_fk";
--> statement-breakpoint
ALTER TABLE "practising_certificate_reminders" ADD CONSTRAINT "practising_certificate_reminders_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practising_certificates" ADD CONSTRAINT "practising_certificates_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practising_certificates" ADD CONSTRAINT "practising_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuer_checks" ADD CONSTRAINT "valuer_checks_valuer_id_valuers_id_fk" FOREIGN KEY ("valuer_id") REFERENCES "public"."valuers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A firm deleted with its valuers takes their checks and uploads with it (the cascade above); no
-- one else deletes or changes them. A check is deleted only once its valuer's row is gone, and a
-- reviewed upload only once its valuer's or firm's is.
DROP TRIGGER "valuer_checks_append_only" ON "valuer_checks";--> statement-breakpoint
CREATE FUNCTION "refuse_valuer_check_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM valuers WHERE id = OLD.valuer_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'valuer_checks is append-only: write a new row instead' USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
CREATE TRIGGER "valuer_checks_append_only" BEFORE UPDATE OR DELETE ON "valuer_checks"
  FOR EACH ROW EXECUTE FUNCTION "refuse_valuer_check_change"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refuse_practising_certificate_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (NOT EXISTS (SELECT 1 FROM valuers WHERE id = OLD.valuer_id)
      OR NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id)) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.decision IS NOT NULL THEN
    RAISE EXCEPTION 'practising certificate % is kept as reviewed', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
