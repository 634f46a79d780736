ALTER TABLE "qr_codes" DROP COLUMN "qr_code_url";--> statement-breakpoint
ALTER TABLE "qr_codes" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_image_url";