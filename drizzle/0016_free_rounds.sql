CREATE TABLE "free_round_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"coupon_id" integer,
	"game" text NOT NULL,
	"stake" bigint NOT NULL,
	"rounds" integer NOT NULL,
	"rounds_left" integer NOT NULL,
	"rollover_multiplier" double precision NOT NULL,
	"bonus_expires_days" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_round_grants_rounds_check" CHECK ("free_round_grants"."rounds_left" >= 0 and "free_round_grants"."rounds_left" <= "free_round_grants"."rounds" and "free_round_grants"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "free_round_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"round_id" bigint NOT NULL,
	"bonus_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "free_round_grants" ADD CONSTRAINT "free_round_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_grants" ADD CONSTRAINT "free_round_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_grants" ADD CONSTRAINT "free_round_grants_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_plays" ADD CONSTRAINT "free_round_plays_grant_id_free_round_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."free_round_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_plays" ADD CONSTRAINT "free_round_plays_round_id_house_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."house_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_plays" ADD CONSTRAINT "free_round_plays_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_grants_source_unique" ON "free_round_grants" USING btree ("tenant_id","user_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "free_round_grants_user_idx" ON "free_round_grants" USING btree ("tenant_id","user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_plays_grant_seq_unique" ON "free_round_plays" USING btree ("grant_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "free_round_plays_round_unique" ON "free_round_plays" USING btree ("round_id");