CREATE TABLE "platform_figures" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"verified_firms" integer NOT NULL,
	"codes_issued" bigint NOT NULL,
	"scans_this_month" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"recount_claimed_at" timestamp with time zone
);
