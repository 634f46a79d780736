ALTER TABLE "companies" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
-- A firm deactivated before the date was kept: the time of its latest deactivation in the audit log.
UPDATE "companies" company SET "suspended_at" = coalesce(
  (SELECT max(entry."created_at") FROM "audit_log" entry
   WHERE entry."action" = 'company.deactivated' AND entry."target_type" = 'company' AND entry."target_id" = company."id"),
  company."updated_at")
WHERE NOT company."is_active";
