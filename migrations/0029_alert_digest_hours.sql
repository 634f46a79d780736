CREATE TABLE "alert_digest_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
