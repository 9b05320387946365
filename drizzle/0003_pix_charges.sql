CREATE TABLE "pix_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"txid" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'waiting_payment' NOT NULL,
	"payer_cpf" text NOT NULL,
	"pix_copia_e_cola" text NOT NULL,
	"location" text NOT NULL,
	"end_to_end_id" text,
	"refund_reason" text,
	"refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount" > 0),
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('waiting_payment', 'paid', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_txid_unique" ON "pix_charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_e2e_unique" ON "pix_charges" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_charges_user_idx" ON "pix_charges" USING btree ("user_id","id");