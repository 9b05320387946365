CREATE TABLE "sports_betslips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"betslip_id" text NOT NULL,
	"make_transaction_id" text NOT NULL,
	"bet_type" text NOT NULL,
	"odds" text NOT NULL,
	"stake" bigint NOT NULL,
	"potential_win" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"committed_at" timestamp with time zone,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_betslips_amounts_check" CHECK ("sports_betslips"."stake" > 0 and "sports_betslips"."payout" >= 0 and "sports_betslips"."refunded" >= 0 and "sports_betslips"."refunded" <= "sports_betslips"."stake"),
	CONSTRAINT "sports_betslips_status_check" CHECK ("sports_betslips"."status" in ('open', 'won', 'lost', 'refunded', 'half-won', 'cashed-out', 'rolled-back'))
);
--> statement-breakpoint
CREATE TABLE "sports_seen_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_selections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"betslip_row_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"sport_name" text NOT NULL,
	"tournament_name" text NOT NULL,
	"market_name" text NOT NULL,
	"outcome_name" text NOT NULL,
	"odds" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sports_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"betslip_row_id" bigint,
	"provider_transaction_id" text NOT NULL,
	"operation" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"parent_id" bigint,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_transactions_amount_check" CHECK ("sports_transactions"."amount" >= 0),
	CONSTRAINT "sports_transactions_operation_check" CHECK ("sports_transactions"."operation" in ('bet', 'win', 'refund', 'lost', 'rollback', 'discard'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_sports_betslips" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_domain" text NOT NULL,
	"brand_id" text NOT NULL,
	"ext_player_id" text NOT NULL,
	"lang" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds" text NOT NULL,
	"selections" jsonb NOT NULL,
	"status" text NOT NULL,
	"make_transaction_id" text NOT NULL,
	"platform_transaction_id" text,
	"refusal" text,
	"owed" jsonb,
	"owed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_type_check";--> statement-breakpoint
ALTER TABLE "sports_betslips" ADD CONSTRAINT "sports_betslips_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_betslips" ADD CONSTRAINT "sports_betslips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_selections" ADD CONSTRAINT "sports_selections_betslip_row_id_sports_betslips_id_fk" FOREIGN KEY ("betslip_row_id") REFERENCES "public"."sports_betslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_transactions" ADD CONSTRAINT "sports_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_transactions" ADD CONSTRAINT "sports_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_transactions" ADD CONSTRAINT "sports_transactions_betslip_row_id_sports_betslips_id_fk" FOREIGN KEY ("betslip_row_id") REFERENCES "public"."sports_betslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sports_betslips_betslip_unique" ON "sports_betslips" USING btree ("tenant_id","betslip_id");--> statement-breakpoint
CREATE INDEX "sports_betslips_user_idx" ON "sports_betslips" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sports_seen_tokens_expiry_idx" ON "sports_seen_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_selections_position_unique" ON "sports_selections" USING btree ("betslip_row_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_transactions_provider_unique" ON "sports_transactions" USING btree ("tenant_id","operation","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_transactions_rollback_once" ON "sports_transactions" USING btree ("parent_id") WHERE "sports_transactions"."operation" = 'rollback';--> statement-breakpoint
CREATE INDEX "sports_transactions_betslip_idx" ON "sports_transactions" USING btree ("betslip_row_id");--> statement-breakpoint
CREATE INDEX "sandbox_sports_betslips_player_idx" ON "sandbox_sports_betslips" USING btree ("tenant_domain","ext_player_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_sports_betslips_owed_idx" ON "sandbox_sports_betslips" USING btree ("id") WHERE "sandbox_sports_betslips"."owed" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_type_check" CHECK ("ledger_entries"."type" in ('deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback'));