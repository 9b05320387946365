import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_VIP_POINTS_PER_100 } from '../../../src/contract/ranking.ts';
import type { Db } from '../../db/open.ts';
import type { NotificationRow } from '../notifications/present.ts';
import { missionsOnLedgerEntry } from '../missions/progress.ts';
import { rankUpOnWager } from '../ranks/rank-up.ts';
import { ranks } from '../ranks/schema.ts';
import { addVipPoints, wagerPoints } from '../ranks/vip-points.ts';
import { addRolloverProgress, removeRolloverProgress } from '../bonuses/rollover.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { type LedgerEntryRow, ledgerEntries } from './schema.ts';

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
  kind: 'casino' | 'sports';
  /** `{ledger type}:{ledger reference}` of the movement: the idempotency key of what the wager earns. */
  reference: string;
}

/** What the hook did beyond the wager's own counts. */
export interface WagerEffects {
  /** It may have moved money itself (a rank's bonus, a bonus the rollover released or forfeited): read the wallet again. */
  moved: boolean;
  /** Notifications it stored (a rank-up's): publish them once the transaction has committed, never before. */
  notices: NotificationRow[];
}

const NO_EFFECTS: WagerEffects = { moved: false, notices: [] };

/**
 * A stake was placed: adds it to `users.total_bet`, moves the player up the
 * ranks it crossed (rank-ups, rewards, notice: ranks/rank-up.ts) and adds the
 * VIP points it earned at the tenant's rate. Called once per ledger row
 * (applyMovement calls it only when it wrote the row, never on a replay); the
 * VIP points are idempotent on `reference` as well.
 * @returns `moved` true (it may have moved money itself: a rank's bonus, a
 * bonus released or forfeited by the rollover) and the rank-up's notice, if any.
 */
export async function recordWager(tx: Db, wager: Wager): Promise<WagerEffects> {
  const player = await moveTotalBet(tx, wager, wager.amount);
  if (!player) return NO_EFFECTS;
  const rankUp = player.crossed ? await rankUpOnWager(tx, { tenantId: wager.tenantId, userId: wager.userId, level: player.level, totalBet: player.after, regulated: player.regulated }) : null;
  const points = wagerPoints(player.after - wager.amount, player.after, player.per100);
  await addVipPoints(tx, { tenantId: wager.tenantId, userId: wager.userId, points, reason: 'wager', reference: wager.reference });
  // Bonus rollover: every stake counts towards the player's running bonuses (docs/rewards.md).
  await addRolloverProgress(tx, wager);
  // The rollover may have released or forfeited a bonus (ledger rows of their own).
  return { moved: true, notices: rankUp?.notice ? [rankUp.notice] : [] };
}

/**
 * A stake came back (refund, void, rollback of the bet): takes it off
 * `users.total_bet`, never below 0, and the VIP points it had earned (never
 * more than the player holds). The rank reached is kept.
 * @returns no effects: it moves progress only, never money, and notifies nobody.
 */
export async function reverseWager(tx: Db, wager: Wager): Promise<WagerEffects> {
  const player = await moveTotalBet(tx, wager, -wager.amount);
  if (!player) return NO_EFFECTS;
  const points = Math.min(player.vipPoints, wagerPoints(player.after, player.after + wager.amount, player.per100));
  await addVipPoints(tx, { tenantId: wager.tenantId, userId: wager.userId, points: -points, reason: 'wager', reference: wager.reference });
  await removeRolloverProgress(tx, wager);
  return NO_EFFECTS;
}

/**
 * One statement per bet, as bets are the hottest path: moves total_bet by
 * `delta` (never below 0; the update locks the player's row — NO KEY UPDATE,
 * so rows of this bet that reference the player do not wait on it — after
 * the wallet, the ledger's lock order) and returns what the hook needs: the
 * total after, the level, the points, the tenant's VIP rate and
 * `is_regulated` (an unreadable flag counts as regulated: the cautious side
 * of art. 29) and whether a rank above the level is now reached.
 */
async function moveTotalBet(tx: Db, wager: Wager, delta: number) {
  const [row] = await tx
    .update(users)
    .set({ totalBet: sql`greatest(${users.totalBet} + ${delta}, 0)` })
    .where(and(eq(users.id, wager.userId), eq(users.tenantId, wager.tenantId)))
    // Spelled out (users.…): drizzle leaves this table's columns unqualified, which the subqueries would read as their own.
    .returning({
      after: users.totalBet,
      level: users.level,
      vipPoints: users.vipPoints,
      per100: sql<number | null>`(select (t.config->>'vip_points_per_100')::int from ${tenants} t where t.id = users.tenant_id)`,
      regulated: sql<boolean>`(select coalesce((t.config->>'is_regulated')::boolean, true) from ${tenants} t where t.id = users.tenant_id)`,
      crossed: sql<boolean>`exists (select 1 from ${ranks} r where r.tenant_id = users.tenant_id and r.level > users.level and r.total_bet <= users.total_bet)`,
    });
  if (!row) return null;
  return { ...row, after: Number(row.after), per100: row.per100 ?? DEFAULT_VIP_POINTS_PER_100 };
}

const WAGER_TYPES: ReadonlySet<LedgerEntryRow['type']> = new Set(['bet', 'sports_bet', 'sports_refund', 'sports_rollback']);

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
 * @returns what the hook did: `moved` (read the wallet again) and the notices to publish after the commit.
 */
export async function onLedgerEntry(tx: Db, entry: LedgerEntryRow): Promise<WagerEffects> {
  // Missions move with every stake, win and deposit, in this transaction (missions/progress.ts).
  await missionsOnLedgerEntry(tx, entry);
  const wager = wagerOf(entry);
  if (!wager) return NO_EFFECTS;
  const debit = entry.amount < 0n;
  switch (entry.type) {
    case 'bet':
    case 'sports_bet':
      return debit ? recordWager(tx, wager) : reverseWager(tx, wager);
    case 'sports_refund':
      return debit ? NO_EFFECTS : reverseWager(tx, wager);
    default:
      // sports_rollback
      if (!debit) return reverseWager(tx, wager);
      return (await undoesRefund(tx, entry)) ? recordWager(tx, wager) : NO_EFFECTS;
  }
}

/** The wager of a bet-type ledger row (null for other types or a zero amount). */
function wagerOf(entry: LedgerEntryRow): Wager | null {
  if (!WAGER_TYPES.has(entry.type)) return null;
  const amount = Number(entry.amount < 0n ? -entry.amount : entry.amount);
  if (amount === 0) return null;
  return {
    tenantId: entry.tenantId,
    userId: entry.userId,
    amount,
    kind: entry.type === 'bet' ? 'casino' : 'sports',
    reference: `${entry.type}:${entry.reference ?? `ledger:${entry.id}`}`,
  };
}

/** True when this `sports_rollback` debit takes back a `sports_refund` (not a win). */
async function undoesRefund(tx: Db, entry: LedgerEntryRow): Promise<boolean> {
  const of = entry.metadata.rollback_of;
  if (typeof of !== 'string') return false;
  const [original] = await tx
    .select({ type: ledgerEntries.type })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, entry.tenantId),
        eq(ledgerEntries.userId, entry.userId),
        eq(ledgerEntries.reference, of),
        inArray(ledgerEntries.type, ['sports_refund', 'sports_win']),
      ),
    )
    .limit(1);
  return original?.type === 'sports_refund';
}
