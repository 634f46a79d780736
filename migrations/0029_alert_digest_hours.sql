CREATE TABLE "alert_digest_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The hours whose alert digests runs before this table already sent (each run sent the hour that
-- had just ended): claimed, so the first runs that look back over them do not send them again.
INSERT INTO "alert_digest_hours" ("hour")
SELECT generate_series(date_trunc('hour', now()) - interval '3 hours', date_trunc('hour', now()) - interval '1 hour', interval '1 hour');
