import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/open.ts";
import { addRolloverProgress, removeRolloverProgress } from "../bonuses/rollover.ts";
import { users } from "../users/schema.ts";
import { type LedgerEntryRow, ledgerEntries } from "./schema.ts";

/**
 * The wager hook (issue 18): every bet stake and every stake given back
 * passes here, INSIDE the ledger transaction that moved it, so what depends
 * on how much a player wagered (total_bet, ranks, VIP points, bonus rollover,
 * missions) moves with the money or not at all.
 */
export interface Wager {
  tenantId: number;
  userId: number;
  /** Positive centavos: the stake placed (recordWager) or given back (reverseWager). */
  amount: number;
  kind: "casino" | "sports";
  /** The ledger reference of the movement (unique per tenant and type): the idempotency key of what the wager earns. */
  reference: string;
}

/**
 * A stake was placed: adds it to `users.total_bet`. Called once per ledger
 * row (applyMovement calls it only when it wrote the row, never on a replay).
 */
export async function recordWager(tx: Db, wager: Wager): Promise<void> {
  await tx
    .update(users)
    .set({ totalBet: sql`${users.totalBet} + ${wager.amount}` })
    .where(and(eq(users.id, wager.userId), eq(users.tenantId, wager.tenantId)));
  // Bonus rollover: every stake counts towards the player's running bonuses (docs/rewards.md).
  await addRolloverProgress(tx, wager);
}

/**
 * A stake came back (refund, void, rollback of the bet): takes it off
 * `users.total_bet`, never below 0.
 */
export async function reverseWager(tx: Db, wager: Wager): Promise<void> {
  await tx
    .update(users)
    .set({ totalBet: sql`greatest(${users.totalBet} - ${wager.amount}, 0)` })
    .where(and(eq(users.id, wager.userId), eq(users.tenantId, wager.tenantId)));
  await removeRolloverProgress(tx, wager);
}

/**
 * What a freshly written ledger row means for the wager hook, from its type
 * and sign alone (every bet path writes these shapes):
 * - `bet` debit: a casino stake (house round, aggregator or provider bet);
 *   `bet` credit: that stake given back (an aggregator's rollback);
 * - `sports_bet` debit: a betslip's stake; `sports_refund` credit: stake back
 *   (void, cancelled);
 * - `sports_rollback` credit: a bet rolled back or discarded (the only
 *   sports debit is a stake); `sports_rollback` debit: a win or a refund
 *   undone — a refund undone makes its stake count again, a win changes
 *   nothing (looked up by `metadata.rollback_of`).
 * Wins, deposits, withdrawals and bonuses are not wagers.
 */
export async function onLedgerEntry(
  tx: Db,
  entry: LedgerEntryRow,
): Promise<void> {
  const amount = Number(entry.amount < 0n ? -entry.amount : entry.amount);
  if (amount === 0) return;
  const wager: Wager = {
    tenantId: entry.tenantId,
    userId: entry.userId,
    amount,
    kind: entry.type === "bet" ? "casino" : "sports",
    reference: entry.reference ?? `ledger:${entry.id}`,
  };
  const debit = entry.amount < 0n;
  switch (entry.type) {
    case "bet":
    case "sports_bet":
      return debit ? recordWager(tx, wager) : reverseWager(tx, wager);
    case "sports_refund":
      return debit ? undefined : reverseWager(tx, wager);
    case "sports_rollback":
      if (!debit) return reverseWager(tx, wager);
      if (await undoesRefund(tx, entry)) return recordWager(tx, wager);
      return;
    default:
      return;
  }
}

/** True when this `sports_rollback` debit takes back a `sports_refund` (not a win). */
async function undoesRefund(tx: Db, entry: LedgerEntryRow): Promise<boolean> {
  const of = entry.metadata.rollback_of;
  if (typeof of !== "string") return false;
  const [original] = await tx
    .select({ type: ledgerEntries.type })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, entry.tenantId),
        eq(ledgerEntries.userId, entry.userId),
        eq(ledgerEntries.reference, of),
        inArray(ledgerEntries.type, ["sports_refund", "sports_win"]),
      ),
    )
    .limit(1);
  return original?.type === "sports_refund";
}
