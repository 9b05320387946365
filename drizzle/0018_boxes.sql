CREATE TABLE "box_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"image" text,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"sell_value" bigint DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"probability_ppm" integer NOT NULL,
	CONSTRAINT "box_prizes_kind_check" CHECK ("box_prizes"."kind" in ('item', 'vip_points')),
	CONSTRAINT "box_prizes_amounts_check" CHECK ("box_prizes"."value" >= 0 and "box_prizes"."sell_value" >= 0 and "box_prizes"."points" >= 0),
	CONSTRAINT "box_prizes_ppm_check" CHECK ("box_prizes"."probability_ppm" > 0 and "box_prizes"."probability_ppm" <= 1000000)
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text,
	"color" text NOT NULL,
	"price" bigint NOT NULL,
	"buyable" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boxes_price_check" CHECK ("boxes"."price" >= 0),
	CONSTRAINT "boxes_color_check" CHECK ("boxes"."color" in ('red', 'blue', 'pink', 'black', 'green', 'yellow'))
);
--> statement-breakpoint
CREATE TABLE "user_boxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"status" text DEFAULT 'unopened' NOT NULL,
	"price_paid" bigint DEFAULT 0 NOT NULL,
	"sell_value" bigint DEFAULT 0 NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text,
	"nonce" integer DEFAULT 0 NOT NULL,
	"ticket" integer,
	"ranges" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	CONSTRAINT "user_boxes_source_check" CHECK ("user_boxes"."source" in ('purchase', 'mission', 'promotion', 'operator')),
	CONSTRAINT "user_boxes_status_check" CHECK ("user_boxes"."status" in ('unopened', 'opened', 'sold')),
	CONSTRAINT "user_boxes_amounts_check" CHECK ("user_boxes"."price_paid" >= 0 and "user_boxes"."sell_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_box_id" bigint NOT NULL,
	"prize_id" integer,
	"prize" jsonb NOT NULL,
	"status" text NOT NULL,
	"won_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_at" timestamp with time zone,
	CONSTRAINT "user_prizes_status_check" CHECK ("user_prizes"."status" in ('kept', 'sold', 'credited'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_type_check";--> statement-breakpoint
ALTER TABLE "box_prizes" ADD CONSTRAINT "box_prizes_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_prizes" ADD CONSTRAINT "box_prizes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_user_box_id_user_boxes_id_fk" FOREIGN KEY ("user_box_id") REFERENCES "public"."user_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_prize_id_box_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."box_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_prizes_box_position_unique" ON "box_prizes" USING btree ("box_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_tenant_slug_unique" ON "boxes" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "user_boxes_source_unique" ON "user_boxes" USING btree ("tenant_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "user_boxes_user_idx" ON "user_boxes" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_prizes_user_box_unique" ON "user_prizes" USING btree ("user_box_id");--> statement-breakpoint
CREATE INDEX "user_prizes_user_idx" ON "user_prizes" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_type_check" CHECK ("ledger_entries"."type" in ('deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback', 'box_purchase', 'box_sale', 'prize_sale'));