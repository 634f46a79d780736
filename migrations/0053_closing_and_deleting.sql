ALTER TABLE "companies" DROP CONSTRAINT "companies_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "qr_codes" DROP CONSTRAINT "qr_codes_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closure_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_closure_due_idx" ON "companies" USING btree ("closure_due_at") WHERE "companies"."closure_due_at" IS NOT NULL AND "companies"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_deletion_due_idx" ON "users" USING btree ("deletion_due_at") WHERE "users"."deletion_due_at" IS NOT NULL;--> statement-breakpoint
-- A closed organisation's ledger, receipts and payment records are kept for the tax-record period
-- (TAX_RECORD_YEARS, decision 066) and may then be deleted, never sooner than the 5 years the Kenya
-- Tax Procedures Act requires: until then the append-only triggers refuse as before.
CREATE FUNCTION "tax_records_expired"(company integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM companies WHERE id = company AND closed_at < now() - interval '5 years')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refuse_credit_entry_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND tax_records_expired(OLD.company_id) THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'credit_entries is append-only: write a new entry instead';
END $$;--> statement-breakpoint
CREATE FUNCTION "refuse_receipt_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND tax_records_expired(OLD.company_id) THEN RETURN OLD; END IF;
  RAISE EXCEPTION 'receipts is append-only: write a new row instead';
END $$;--> statement-breakpoint
DROP TRIGGER "receipts_append_only" ON "receipts";--> statement-breakpoint
CREATE TRIGGER "receipts_append_only" BEFORE UPDATE OR DELETE ON "receipts"
  FOR EACH ROW EXECUTE FUNCTION "refuse_receipt_change"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refuse_ended_mpesa_prompt_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    AND tax_records_expired((SELECT company_id FROM purchases WHERE id = OLD.purchase_id)) THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' OR OLD.state IN ('paid', 'failed', 'timed-out') THEN
    RAISE EXCEPTION 'M-Pesa prompt % has ended (%): it is never changed', OLD.id, OLD.state;
  END IF;
  RETURN NEW;
END $$;
