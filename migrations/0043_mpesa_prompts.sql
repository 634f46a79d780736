CREATE TABLE "mpesa_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'created' NOT NULL,
	"phone" varchar(12) NOT NULL,
	"amount" integer NOT NULL,
	"account_reference" varchar(12) NOT NULL,
	"callback_token" varchar(43) NOT NULL,
	"checkout_request_id" varchar(64),
	"merchant_request_id" varchar(64),
	"result_code" integer,
	"result_desc" varchar(300),
	"mpesa_receipt" varchar(20),
	"queries" integer DEFAULT 0 NOT NULL,
	"last_queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reviewed_by_user_id" integer,
	"review_note" varchar(300),
	CONSTRAINT "mpesa_prompts_callbackToken_unique" UNIQUE("callback_token"),
	CONSTRAINT "mpesa_prompts_checkoutRequestId_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "mpesa_prompts_mpesaReceipt_unique" UNIQUE("mpesa_receipt"),
	CONSTRAINT "mpesa_prompts_amount" CHECK ("mpesa_prompts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "mpesa_prompts" ADD CONSTRAINT "mpesa_prompts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_prompts_purchase_idx" ON "mpesa_prompts" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_prompts_one_live" ON "mpesa_prompts" USING btree ("purchase_id") WHERE "mpesa_prompts"."state" IN ('created', 'sent');--> statement-breakpoint
CREATE INDEX "mpesa_prompts_waiting_idx" ON "mpesa_prompts" USING btree ("sent_at") WHERE "mpesa_prompts"."state" = 'sent';--> statement-breakpoint
-- A prompt that ended (paid, failed, timed out) never changes, nor is it deleted: what M-Pesa
-- answered is the record of the payment (decision 060). "needs-review" may still be settled.
CREATE FUNCTION "refuse_ended_mpesa_prompt_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.state IN ('paid', 'failed', 'timed-out') THEN
    RAISE EXCEPTION 'M-Pesa prompt % has ended (%): it is never changed', OLD.id, OLD.state;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "mpesa_prompts_ended_stay" BEFORE UPDATE OR DELETE ON "mpesa_prompts"
  FOR EACH ROW EXECUTE FUNCTION "refuse_ended_mpesa_prompt_change"();
