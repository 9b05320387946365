CREATE TABLE "game_favorites" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_likes" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_likes_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_providers_code_check" CHECK ("game_providers"."code" ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"game_id" text NOT NULL,
	"gamecode" text NOT NULL,
	"title" text NOT NULL,
	"category_slug" text NOT NULL,
	"type" text NOT NULL,
	"has_tables" boolean DEFAULT false NOT NULL,
	"only_demo" boolean DEFAULT false NOT NULL,
	"bonus_allowed" boolean DEFAULT true NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"image" text NOT NULL,
	"image_mobile" text NOT NULL,
	"rtp_bps" integer,
	"description_pt" text,
	"description_en" text,
	"featured_home" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_gamecode_check" CHECK ("games"."gamecode" ~ '^[a-z0-9][a-z0-9-]{0,126}$'),
	CONSTRAINT "games_type_check" CHECK ("games"."type" in ('slot', 'live', 'table', 'crash', 'instant')),
	CONSTRAINT "games_rtp_check" CHECK ("games"."rtp_bps" is null or "games"."rtp_bps" between 0 and 10000),
	CONSTRAINT "games_views_check" CHECK ("games"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "house_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"actor_key" text NOT NULL,
	"game" text NOT NULL,
	"demo" boolean NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"multiplier" bigint NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_rounds_game_check" CHECK ("house_rounds"."game" in ('dice', 'limbo', 'plinko')),
	CONSTRAINT "house_rounds_amounts_check" CHECK ("house_rounds"."amount" >= 0 and "house_rounds"."payout" >= 0 and "house_rounds"."multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "house_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"actor_key" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "house_seeds_nonce_check" CHECK ("house_seeds"."next_nonce" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_providers" ADD CONSTRAINT "game_providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_seed_id_house_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."house_seeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_seeds" ADD CONSTRAINT "house_seeds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_favorites_user_idx" ON "game_favorites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_likes_game_idx" ON "game_likes" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_providers_tenant_code_unique" ON "game_providers" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_gamecode_unique" ON "games" USING btree ("tenant_id","provider_id","gamecode");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_game_id_unique" ON "games" USING btree ("tenant_id","provider_id","game_id");--> statement-breakpoint
CREATE INDEX "games_tenant_views_idx" ON "games" USING btree ("tenant_id","views","id");--> statement-breakpoint
CREATE INDEX "games_tenant_category_idx" ON "games" USING btree ("tenant_id","category_slug");--> statement-breakpoint
CREATE INDEX "recent_games_user_idx" ON "recent_games" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_rounds_seed_nonce_unique" ON "house_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "house_rounds_actor_idx" ON "house_rounds" USING btree ("tenant_id","actor_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "house_seeds_one_active" ON "house_seeds" USING btree ("tenant_id","actor_key") WHERE "house_seeds"."active";--> statement-breakpoint
CREATE INDEX "house_seeds_actor_idx" ON "house_seeds" USING btree ("tenant_id","actor_key","id");