CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_name" varchar(200) NOT NULL,
	"requester_contact" varchar(300) NOT NULL,
	"requester_role" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"request" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"actions_taken" text,
	"answer" text,
	"answered_on" date,
	"recorded_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_requests_open_idx" ON "data_requests" USING btree ("status","due_on");--> statement-breakpoint
-- The log of requests is kept: a request is answered, never removed.
CREATE FUNCTION refuse_data_request_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'data_requests is a log: a request is never deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER data_requests_kept BEFORE DELETE OR TRUNCATE ON data_requests
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_data_request_delete();
