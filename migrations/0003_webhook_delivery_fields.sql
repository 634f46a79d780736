ALTER TABLE "companies" ADD COLUMN "webhook_last_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "webhook_last_delivery_outcome" varchar(16);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "webhook_last_delivery_status_code" integer;--> statement-breakpoint
-- The previous status was prose such as "delivered (HTTP 200)" or "failed (could not connect)".
UPDATE "companies" SET
  "webhook_last_delivery_at" = "webhook_last_attempt_at",
  "webhook_last_delivery_outcome" = CASE WHEN "webhook_last_status" LIKE 'delivered%' THEN 'delivered' ELSE 'failed' END,
  "webhook_last_delivery_status_code" = substring("webhook_last_status" from 'HTTP ([0-9]{3})')::integer
WHERE "webhook_last_status" IS NOT NULL;
