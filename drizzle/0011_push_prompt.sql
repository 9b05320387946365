ALTER TABLE "users" ADD COLUMN "push_prompt_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_prompt_denied_at" timestamp with time zone;