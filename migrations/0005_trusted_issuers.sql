CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"purpose" varchar(32) NOT NULL,
	"email" varchar(255) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" varchar(320) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_body" varchar(64);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_body_name" varchar(255);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_number" varchar(100);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_note" varchar(1000);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_status" varchar(16) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verification_note" varchar(1000);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_codes_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "scan_alert_mode" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" varchar(64) DEFAULT 'Africa/Nairobi' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_name" varchar(255);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "issuer_email" varchar(255);--> statement-breakpoint
-- Codes issued before this migration keep the company's current name and email as their issuer.
UPDATE "qr_codes" SET "issuer_name" = "companies"."name", "issuer_email" = "companies"."email"
FROM "companies" WHERE "companies"."id" = "qr_codes"."company_id";--> statement-breakpoint
ALTER TABLE "qr_codes" ALTER COLUMN "issuer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ALTER COLUMN "issuer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that exist before email confirmation shipped count as confirmed.
UPDATE "users" SET "email_verified_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scan_alert_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "valuers" ADD COLUMN "registration_number" varchar(100);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_unique" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");