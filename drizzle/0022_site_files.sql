CREATE TABLE "site_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_files_size_check" CHECK ("site_files"."size" = octet_length("site_files"."bytes") and "site_files"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_files" ADD CONSTRAINT "site_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_files" ADD CONSTRAINT "site_files_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_files_name_idx" ON "site_files" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "site_files_tenant_idx" ON "site_files" USING btree ("tenant_id","id");