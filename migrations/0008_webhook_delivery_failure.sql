ALTER TABLE "companies" ADD COLUMN "webhook_last_delivery_failure" varchar(24);--> statement-breakpoint
-- The receiver's HTTP status was shown to the owner; only its coarse meaning is kept.
UPDATE "companies" SET "webhook_last_delivery_failure" =
  CASE WHEN "webhook_last_delivery_status_code" IS NULL THEN 'no-answer' ELSE 'receiver-error' END
WHERE "webhook_last_delivery_outcome" IN ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "webhook_last_delivery_status_code";
