ALTER TABLE "companies" ADD COLUMN "validity_days" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "addressee" varchar(255);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "purpose" varchar(32);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "inspection_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "forced_sale_value" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "title_number" varchar(100);--> statement-breakpoint
-- Codes issued before validity periods existed are valid for the default 90 days after their valuation date.
ALTER TABLE "qr_codes" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
UPDATE "qr_codes" SET "valid_until" = "valuation_date" + interval '90 days';--> statement-breakpoint
ALTER TABLE "qr_codes" ALTER COLUMN "valid_until" SET NOT NULL;--> statement-breakpoint
-- A verification code (schema/verification-code.ts): 10 symbols of the look-alike-free alphabet,
-- each from 16 bits of two random UUIDs hashed together with SHA-256 (gen_random_uuid draws from
-- the server's strong random source; sha256 works where FIPS mode refuses md5; the modulo bias is
-- 2 in 65536). VOLATILE, so a column default runs once per row: the existing codes each get their
-- own here, and every insert gets one.
CREATE OR REPLACE FUNCTION random_verification_code() RETURNS varchar(10) LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(
    substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (('x' || substr(random_hex.hex, position * 4 + 1, 4))::bit(16)::int % 31) + 1, 1),
    '' ORDER BY position)
  FROM (SELECT encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex') AS hex) random_hex,
       generate_series(0, 9) position
$$;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "verification_code" varchar(10) DEFAULT random_verification_code() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_verification_code_unique" ON "qr_codes" USING btree ("verification_code");
