CREATE TABLE "reliance_letter_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"decision" varchar(16) NOT NULL,
	"lender_name" varchar(255),
	"reliance_until" timestamp with time zone,
	"reason" varchar(500),
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reliance_letter_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(24) NOT NULL,
	"code_id" integer NOT NULL,
	"lender_company_id" integer NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"watch_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(24) NOT NULL,
	"code_id" integer NOT NULL,
	"lender_company_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_events_expired_once";--> statement-breakpoint
ALTER TABLE "reliance_letter_decisions" ADD CONSTRAINT "reliance_letter_decisions_request_id_reliance_letter_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."reliance_letter_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliance_letter_decisions" ADD CONSTRAINT "reliance_letter_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliance_letter_requests" ADD CONSTRAINT "reliance_letter_requests_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliance_letter_requests" ADD CONSTRAINT "reliance_letter_requests_lender_company_id_companies_id_fk" FOREIGN KEY ("lender_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliance_letter_requests" ADD CONSTRAINT "reliance_letter_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD CONSTRAINT "watch_notices_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_lender_company_id_companies_id_fk" FOREIGN KEY ("lender_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reliance_letter_decisions_request_unique" ON "reliance_letter_decisions" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reliance_letter_requests_public_id_unique" ON "reliance_letter_requests" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reliance_letter_requests_code_lender_unique" ON "reliance_letter_requests" USING btree ("code_id","lender_company_id");--> statement-breakpoint
CREATE INDEX "watch_notices_watch_idx" ON "watch_notices" USING btree ("watch_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_notices_unsent_idx" ON "watch_notices" USING btree ("created_at") WHERE emailed_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_notices_expired_once" ON "watch_notices" USING btree ("watch_id") WHERE kind = 'code.expired';--> statement-breakpoint
CREATE UNIQUE INDEX "watches_public_id_unique" ON "watches" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_code_lender_unique" ON "watches" USING btree ("code_id","lender_company_id");--> statement-breakpoint
CREATE INDEX "watches_lender_idx" ON "watches" USING btree ("lender_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_expired_once" ON "webhook_events" USING btree ("company_id","qr_code_id","type") WHERE type = 'code.expired';--> statement-breakpoint
-- Every reliance is a watch: the reliances recorded before watches existed get theirs.
INSERT INTO "watches" ("public_id", "code_id", "lender_company_id", "created_by", "created_at")
SELECT DISTINCT ON ("code_id", "lender_company_id")
  substr(md5(random()::text || "id"::text), 1, 20), "code_id", "lender_company_id", "recorded_by", "created_at"
FROM "reliances" ORDER BY "code_id", "lender_company_id", "created_at";
