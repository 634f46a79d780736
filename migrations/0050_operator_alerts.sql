CREATE TABLE "operator_alerts" (
	"kind" varchar(30) PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "undelivered_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(60) NOT NULL,
	"recipient" varchar(320) NOT NULL,
	"attempts" integer NOT NULL,
	"error" varchar(300) NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "undelivered_emails_recent" ON "undelivered_emails" USING btree ("failed_at");