CREATE TABLE "disagreement_alerts" (
	"subject" varchar(64) PRIMARY KEY NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
