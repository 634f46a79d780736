CREATE TABLE "billing_details" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"legal_name" varchar(255) NOT NULL,
	"postal_address" varchar(300) NOT NULL,
	"kra_pin" varchar(11),
	"currency" varchar(3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"credits" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"net_minor" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_prices_positive" CHECK ("credit_prices"."credits" > 0 AND "credit_prices"."net_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(100) NOT NULL,
	"purchase_id" integer,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_session_id" varchar(255),
	"provider_payment_id" varchar(255),
	"failure_reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "purchases_providerSessionId_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "purchases_amounts" CHECK ("purchases"."credits" > 0 AND "purchases"."net_minor" > 0 AND "purchases"."vat_minor" >= 0 AND "purchases"."total_minor" = "purchases"."net_minor" + "purchases"."vat_minor")
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"seller" varchar(32) PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller" varchar(32) NOT NULL,
	"number" integer NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"purchase_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"document" jsonb NOT NULL,
	"signature" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "receipts_purchaseId_unique" UNIQUE("purchase_id"),
	CONSTRAINT "receipts_seller_number" UNIQUE("seller","number")
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_price_id_credit_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."credit_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_prices_pack_idx" ON "credit_prices" USING btree ("credits","currency","effective_from");--> statement-breakpoint
CREATE INDEX "purchases_company_idx" ON "purchases" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "purchases_pending_idx" ON "purchases" USING btree ("created_at") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "receipts_company_idx" ON "receipts" USING btree ("company_id","id");--> statement-breakpoint
-- Receipts and the price list are history: a receipt is never changed once issued, a price is
-- superseded by a new row (decision 058).
CREATE FUNCTION "refuse_billing_history_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: write a new row instead', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER "receipts_append_only" BEFORE UPDATE OR DELETE ON "receipts"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
CREATE TRIGGER "receipts_not_truncated" BEFORE TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
CREATE TRIGGER "credit_prices_append_only" BEFORE UPDATE OR DELETE ON "credit_prices"
  FOR EACH ROW EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
CREATE TRIGGER "credit_prices_not_truncated" BEFORE TRUNCATE ON "credit_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "refuse_billing_history_change"();--> statement-breakpoint
-- The launch price list, excluding VAT, in cents: KSh 500 a code in tens, 450 in fifties, 400 in
-- two hundreds; $3.90, $3.50 and $3.00.
INSERT INTO "credit_prices" ("credits", "currency", "net_minor", "effective_from") VALUES
  (10, 'KES', 500000, '2026-12-01T00:00:00Z'),
  (50, 'KES', 2250000, '2026-12-01T00:00:00Z'),
  (200, 'KES', 8000000, '2026-12-01T00:00:00Z'),
  (10, 'USD', 3900, '2026-12-01T00:00:00Z'),
  (50, 'USD', 17500, '2026-12-01T00:00:00Z'),
  (200, 'USD', 60000, '2026-12-01T00:00:00Z');
