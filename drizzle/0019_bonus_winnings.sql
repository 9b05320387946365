CREATE TABLE "bonus_stakes" (
	"ledger_entry_id" bigint NOT NULL,
	"bonus_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "bonus_stakes_ledger_entry_id_bonus_id_pk" PRIMARY KEY("ledger_entry_id","bonus_id")
);
--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "winnings" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_stakes" ADD CONSTRAINT "bonus_stakes_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_stakes" ADD CONSTRAINT "bonus_stakes_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_stakes_bonus_idx" ON "bonus_stakes" USING btree ("bonus_id");