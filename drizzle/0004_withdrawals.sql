CREATE TABLE "withdraw_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"owner_cpf" text NOT NULL,
	"owner_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_methods_type_check" CHECK ("withdraw_methods"."type" in ('cpf', 'phone', 'email', 'random')),
	CONSTRAINT "withdraw_methods_owner_cpf_check" CHECK ("withdraw_methods"."owner_cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint NOT NULL,
	"reason" text,
	"note" text,
	"payout_id" text NOT NULL,
	"end_to_end_id" text,
	"dispatch_attempted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "withdraw_methods" ADD CONSTRAINT "withdraw_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_methods" ADD CONSTRAINT "withdraw_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_id_withdraw_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."withdraw_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_methods_user_key_unique" ON "withdraw_methods" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_id_unique" ON "withdrawals" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_tenant_status_idx" ON "withdrawals" USING btree ("tenant_id","status","id");