ALTER TABLE "users" ADD COLUMN "identity_proven_at" timestamp with time zone;--> statement-breakpoint
-- Until now the one proof on record beyond the password is the confirmed email: recovery ends what
-- was added after it (decision 048). A second factor in force for a week moves it on at the next sign-in.
UPDATE "users" SET "identity_proven_at" = "email_verified_at";
