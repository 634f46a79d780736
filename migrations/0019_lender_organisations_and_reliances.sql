CREATE TABLE "reliances" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(24) NOT NULL,
	"code_id" integer NOT NULL,
	"lender_company_id" integer NOT NULL,
	"recorded_by" integer,
	"reference_hash" varchar(64) NOT NULL,
	"reference_hint" varchar(4) NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"relied_on" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kind" varchar(16) DEFAULT 'issuer' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lender_type" varchar(16);--> statement-breakpoint
ALTER TABLE "reliances" ADD CONSTRAINT "reliances_code_id_qr_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliances" ADD CONSTRAINT "reliances_lender_company_id_companies_id_fk" FOREIGN KEY ("lender_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reliances" ADD CONSTRAINT "reliances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reliances_public_id_unique" ON "reliances" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reliances_code_lender_reference_unique" ON "reliances" USING btree ("code_id","lender_company_id","reference_hash");--> statement-breakpoint
CREATE INDEX "reliances_lender_idx" ON "reliances" USING btree ("lender_company_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_title_key_idx" ON "qr_codes" USING btree (upper(regexp_replace("title_number", '[^[:alnum:]]', '', 'g'))) WHERE "qr_codes"."title_number" IS NOT NULL;