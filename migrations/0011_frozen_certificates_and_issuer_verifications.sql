CREATE TABLE "issuer_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"legal_name" varchar(255) NOT NULL,
	"registration_body" varchar(64),
	"registration_body_name" varchar(255),
	"registration_number" varchar(100),
	"company_email" varchar(255) NOT NULL,
	"verified_by_id" integer,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"covers_codes_from" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_phone" varchar(50);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_registration_body" varchar(64);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_registration_body_name" varchar(255);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_registration_number" varchar(100);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "valuer_name" varchar(255);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "valuer_qualification" varchar(100);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "valuer_registration_number" varchar(100);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "valuer_phone" varchar(50);--> statement-breakpoint
ALTER TABLE "issuer_verifications" ADD CONSTRAINT "issuer_verifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuer_verifications" ADD CONSTRAINT "issuer_verifications_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuer_verifications_company_idx" ON "issuer_verifications" USING btree ("company_id","verified_at");--> statement-breakpoint
-- Codes issued before certificates were frozen keep the issuer name and email frozen at issue; their
-- issuer phone and registration and their signing valuer are taken as they are now, the best record
-- there is (a valuer deleted since still has its row).
UPDATE "qr_codes" code SET
  "issuer_phone" = company."phone",
  "issuer_registration_body" = company."registration_body",
  "issuer_registration_body_name" = company."registration_body_name",
  "issuer_registration_number" = company."registration_number"
FROM "companies" company WHERE company."id" = code."company_id";--> statement-breakpoint
UPDATE "qr_codes" code SET
  "valuer_name" = valuer."name",
  "valuer_qualification" = valuer."qualification",
  "valuer_registration_number" = valuer."registration_number",
  "valuer_phone" = valuer."phone"
FROM "valuers" valuer WHERE valuer."id" = code."valuer_id";--> statement-breakpoint
-- A verified firm: the identity it has now is the one that was checked. Under the earlier rule its
-- codes issued before the decision were green too, so the verification covers them from the firm's
-- registration, but only codes issued under this very identity (an impostor name turns amber).
INSERT INTO "issuer_verifications"
  ("company_id", "legal_name", "registration_body", "registration_body_name", "registration_number",
   "company_email", "verified_at", "covers_codes_from")
SELECT "id", "name", "registration_body", "registration_body_name", "registration_number", "email",
  coalesce("verified_at", now()), "created_at"
FROM "companies" WHERE "verification_status" = 'verified';--> statement-breakpoint
-- A verified firm that changed its name or registration and awaits re-review: the verification
-- ended at that change. The identity checked is the one its codes carried before it.
INSERT INTO "issuer_verifications"
  ("company_id", "legal_name", "registration_body", "registration_body_name", "registration_number",
   "company_email", "verified_at", "covers_codes_from", "ended_at")
SELECT company."id", coalesce(last_code."issuer_name", company."name"), company."registration_body",
  company."registration_body_name", company."registration_number", coalesce(last_code."issuer_email", company."email"),
  coalesce(company."verified_at", company."verified_codes_before"), company."created_at", company."verified_codes_before"
FROM "companies" company
LEFT JOIN LATERAL (
  SELECT code."issuer_name", code."issuer_email" FROM "qr_codes" code
  WHERE code."company_id" = company."id" AND code."created_at" < company."verified_codes_before"
  ORDER BY code."created_at" DESC LIMIT 1
) last_code ON true
WHERE company."verification_status" = 'pending' AND company."verified_codes_before" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "verified_codes_before";