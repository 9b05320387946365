ALTER TABLE "access_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;