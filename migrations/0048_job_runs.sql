CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" varchar(20) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(10),
	"failures" jsonb
);
--> statement-breakpoint
CREATE INDEX "job_runs_latest" ON "job_runs" USING btree ("job","started_at");