CREATE TABLE "sandbox_psp_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_result" text,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payments" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"amount" bigint NOT NULL,
	"payer_cpf" text,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"key" text NOT NULL,
	"key_type" text NOT NULL,
	"recipient_cpf" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'EM_PROCESSAMENTO' NOT NULL,
	"end_to_end_id" text,
	"reason" text,
	"settle_after" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_payouts_status_check" CHECK ("sandbox_psp_payouts"."status" in ('EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'))
);
--> statement-breakpoint
CREATE INDEX "sandbox_psp_deliveries_pending_idx" ON "sandbox_psp_deliveries" USING btree ("next_attempt_at") WHERE "sandbox_psp_deliveries"."delivered_at" is null and "sandbox_psp_deliveries"."abandoned_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_psp_payments_txid_idx" ON "sandbox_psp_payments" USING btree ("txid");