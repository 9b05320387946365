CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"kind" text NOT NULL,
	"target" bigint NOT NULL,
	"scope" jsonb,
	"reward" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"offered" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_kind_check" CHECK ("missions"."kind" in ('wager', 'rounds', 'multiplier', 'deposit', 'chat')),
	CONSTRAINT "missions_target_check" CHECK ("missions"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_missions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"mission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"assigned" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"publish_pending" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_missions_progress_check" CHECK ("player_missions"."progress" >= 0)
);
--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_missions" ADD CONSTRAINT "player_missions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_missions" ADD CONSTRAINT "player_missions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_missions" ADD CONSTRAINT "player_missions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "missions_tenant_idx" ON "missions" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_missions_mission_user_unique" ON "player_missions" USING btree ("mission_id","user_id");--> statement-breakpoint
CREATE INDEX "player_missions_user_idx" ON "player_missions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "player_missions_publish_idx" ON "player_missions" USING btree ("id") WHERE "player_missions"."publish_pending";