CREATE TABLE "report_seals" (
	"id" serial PRIMARY KEY NOT NULL,
	"qr_code_id" integer NOT NULL,
	"version" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"page_fingerprints" text[] NOT NULL,
	"page_count" integer NOT NULL,
	"sealed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_events" ADD COLUMN "page" smallint;--> statement-breakpoint
ALTER TABLE "scan_events" ADD COLUMN "check_verdict" varchar(20);--> statement-breakpoint
ALTER TABLE "report_seals" ADD CONSTRAINT "report_seals_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_seals" ADD CONSTRAINT "report_seals_sealed_by_users_id_fk" FOREIGN KEY ("sealed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_seals_code_version_idx" ON "report_seals" USING btree ("qr_code_id","version");