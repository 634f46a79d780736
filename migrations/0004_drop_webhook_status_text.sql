ALTER TABLE "companies" DROP COLUMN "webhook_last_status";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "webhook_last_attempt_at";