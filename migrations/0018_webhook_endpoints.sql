CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" smallint,
	"response_ms" integer,
	"failure" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"endpoint_id" integer NOT NULL,
	"outcome" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone,
	"resend_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(40) NOT NULL,
	"company_id" integer NOT NULL,
	"url" varchar(2048) NOT NULL,
	"description" varchar(100) DEFAULT '' NOT NULL,
	"secret" varchar(128) NOT NULL,
	"event_types" varchar(32)[] NOT NULL,
	"first_release_format" boolean DEFAULT false NOT NULL,
	"failing_since" timestamp with time zone,
	"url_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" varchar(64) NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"qr_code_id" integer,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_unique" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE outcome = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_public_id_unique" ON "webhook_endpoints" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_public_id_unique" ON "webhook_events" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_expired_once" ON "webhook_events" USING btree ("qr_code_id","type") WHERE type = 'code.expired';--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
-- The first release's single webhook per company becomes that company's first endpoint, subscribed to
-- scans, with its secret (encrypted with the company id as associated data, so it decrypts as it is)
-- and that release's body and headers until 2027-06-30. The old columns stay for one release.
INSERT INTO "webhook_endpoints" ("public_id", "company_id", "url", "secret", "event_types", "first_release_format")
SELECT 'ep_' || replace(gen_random_uuid()::text, '-', ''), "id", "webhook_url", "webhook_secret", '{code.scanned}', true
FROM "companies" WHERE "webhook_url" IS NOT NULL AND "webhook_secret" IS NOT NULL;
--> statement-breakpoint
-- Firms' references are compared after Unicode NFKC folding (full-width "ＪＯＢ-１" is "JOB-1"): fold
-- the ones stored before, unless the folded form is already another code's reference in the company.
UPDATE "qr_codes" AS "code" SET "external_reference" = normalize("code"."external_reference", NFKC)
WHERE "code"."external_reference" IS NOT NULL
  AND "code"."external_reference" IS DISTINCT FROM normalize("code"."external_reference", NFKC)
  AND NOT EXISTS (
    SELECT 1 FROM "qr_codes" AS "other"
    WHERE "other"."company_id" = "code"."company_id"
      AND "other"."external_reference" = normalize("code"."external_reference", NFKC));
