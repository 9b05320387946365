CREATE TABLE "provider_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"game" text NOT NULL,
	"game_id" text,
	"stake" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_rounds_amounts_check" CHECK ("provider_rounds"."stake" >= 0 and "provider_rounds"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"round_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"max_multiplier" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "provider_wins_status_check" CHECK ("provider_wins"."status" in ('held', 'approved', 'rejected', 'rolled_back')),
	CONSTRAINT "provider_wins_amount_check" CHECK ("provider_wins"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_multiplier" integer;--> statement-breakpoint
ALTER TABLE "provider_rounds" ADD CONSTRAINT "provider_rounds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rounds" ADD CONSTRAINT "provider_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_wins" ADD CONSTRAINT "provider_wins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_wins" ADD CONSTRAINT "provider_wins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_wins" ADD CONSTRAINT "provider_wins_round_id_provider_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."provider_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_rounds_round_unique" ON "provider_rounds" USING btree ("tenant_id","provider","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_wins_transaction_unique" ON "provider_wins" USING btree ("tenant_id","provider","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_wins_status_idx" ON "provider_wins" USING btree ("tenant_id","status","id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_max_multiplier_check" CHECK ("games"."max_multiplier" is null or "games"."max_multiplier" >= 1);--> statement-breakpoint
-- Aggregator rounds played before this migration, rebuilt from the ledger so their wins and rollbacks still find their bets (a round with a win is settled).
INSERT INTO "provider_rounds" ("tenant_id", "user_id", "provider", "round_id", "game", "stake", "paid", "settled_at")
SELECT "tenant_id", min("user_id"), "metadata"->>'provider', "metadata"->>'round_id',
  coalesce(min("metadata"->>'game') filter (where "type" = 'bet'), ''),
  greatest(0, coalesce(-sum("amount") filter (where "type" = 'bet'), 0)),
  greatest(0, coalesce(sum("amount") filter (where "type" = 'win'), 0)),
  case when bool_or("type" = 'win') then now() end
FROM "ledger_entries"
WHERE "type" in ('bet', 'win') AND "metadata"->>'provider' <> 'house' AND "metadata"->>'round_id' is not null
GROUP BY "tenant_id", "metadata"->>'provider', "metadata"->>'round_id'
ON CONFLICT DO NOTHING;
