CREATE TABLE "sandbox_aggregator_owed_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_domain" text NOT NULL,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"transaction_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_result" text,
	"answered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_aggregator_owed_calls_transaction_unique" ON "sandbox_aggregator_owed_calls" USING btree ("provider","transaction_id","action");--> statement-breakpoint
CREATE INDEX "sandbox_aggregator_owed_calls_pending_idx" ON "sandbox_aggregator_owed_calls" USING btree ("next_attempt_at") WHERE "sandbox_aggregator_owed_calls"."answered_at" is null and "sandbox_aggregator_owed_calls"."abandoned_at" is null;