CREATE TABLE "register_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"registration_number" varchar(100) NOT NULL,
	"normalised_number" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" varchar(16) NOT NULL,
	"valid_until" date,
	CONSTRAINT "register_entries_number_present" CHECK ("register_entries"."normalised_number" <> '')
);
--> statement-breakpoint
CREATE TABLE "register_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"published_on" date NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"row_count" integer NOT NULL,
	"imported_by_user_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"jurisdiction" varchar(2) NOT NULL,
	"body" varchar(200) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"url" varchar(500),
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_snapshot_id_register_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."register_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_snapshots" ADD CONSTRAINT "register_snapshots_source_id_register_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."register_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "register_entries_number" ON "register_entries" USING btree ("snapshot_id","normalised_number");--> statement-breakpoint
CREATE INDEX "register_entries_by_number" ON "register_entries" USING btree ("normalised_number","snapshot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_snapshots_file" ON "register_snapshots" USING btree ("source_id","file_sha256");--> statement-breakpoint
CREATE INDEX "register_snapshots_newest" ON "register_snapshots" USING btree ("source_id","published_on","id");--> statement-breakpoint
-- Every snapshot of a register is kept as imported: a check made on a day can be shown again years
-- later (decision 061). Sources are kept too: snapshots name them.
CREATE TRIGGER "register_snapshots_append_only" BEFORE UPDATE OR DELETE ON "register_snapshots"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
CREATE TRIGGER "register_entries_append_only" BEFORE UPDATE OR DELETE ON "register_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
CREATE TRIGGER "register_sources_kept" BEFORE DELETE ON "register_sources"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();
