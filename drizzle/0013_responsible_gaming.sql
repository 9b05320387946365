CREATE TABLE "responsible_gaming" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reality_check_minutes" integer,
	"cool_off_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "responsible_gaming_reality_check" CHECK ("responsible_gaming"."reality_check_minutes" is null or "responsible_gaming"."reality_check_minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "responsible_gaming" ADD CONSTRAINT "responsible_gaming_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_gaming" ADD CONSTRAINT "responsible_gaming_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;