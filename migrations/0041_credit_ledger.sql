CREATE TABLE "credit_balances" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"balance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_not_negative" CHECK ("credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"credits" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"code_id" integer,
	"reason" varchar(500),
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "credit_entries_change" CHECK ("credit_entries"."credits" <> 0 AND "credit_entries"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_company_idx" ON "credit_entries" USING btree ("company_id","id");--> statement-breakpoint
-- The ledger is appended, never changed: a change to credits is a new entry (decision 057).
CREATE FUNCTION "refuse_credit_entry_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_entries is append-only: write a new entry instead';
END $$;--> statement-breakpoint
CREATE TRIGGER "credit_entries_append_only" BEFORE UPDATE OR DELETE ON "credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_credit_entry_change"();--> statement-breakpoint
CREATE TRIGGER "credit_entries_not_truncated" BEFORE TRUNCATE ON "credit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_credit_entry_change"();--> statement-breakpoint
-- Every firm registered before pay-per-code began receives an opening grant of 50 credits
-- (OPENING_GRANT_CREDITS), so nobody is blocked on the day this ships.
INSERT INTO "credit_balances" ("company_id", "balance")
  SELECT "id", 50 FROM "companies" WHERE "kind" = 'issuer';--> statement-breakpoint
INSERT INTO "credit_entries" ("company_id", "kind", "credits", "balance_after", "idempotency_key", "reason")
  SELECT "id", 'grant', 50, 50, 'opening:' || "id", 'Opening grant when pay-per-code began'
  FROM "companies" WHERE "kind" = 'issuer';
