DROP INDEX "qr_codes_company_created_idx";--> statement-breakpoint
CREATE INDEX "qr_codes_company_created_idx" ON "qr_codes" USING btree ("company_id","created_at","id");