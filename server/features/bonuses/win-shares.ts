import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { MovementInput, MovementResult } from '../wallet/movement.ts';
import { type LedgerEntryRow, ledgerEntries } from '../wallet/schema.ts';
import { lockWalletAndBonuses } from './locks.ts';
import { bonusMoneyLeft } from './money-left.ts';
import { bonusStakes, type PlayerBonusRow, playerBonuses } from './schema.ts';
import { forfeitExpired, type LockedBonuses } from './settle.ts';

/**
 * Wins of bonus money (docs/rewards.md "Wins of bonus money"). A stake is
 * paid with cash (the bet row's `withdrawable_delta`), money of running
 * bonuses (`bonus_stakes`, written by the wager hook) and possibly money of
 * no bonus (non-withdrawable money outside every bonus, e.g. cashback's
 * non-converted part). What comes back for that stake — a win, or the stake
 * itself given back (refund, void, rollback) — is credited in the same
 * shares: the share of a bonus still running stays non-withdrawable and is
 * that bonus's (a win's share adds to `player_bonuses.winnings`); the share
 * of a bonus completed since is withdrawable (its money was released); the
 * share of a bonus expired since is forfeited (a negative `bonus` row right
 * after the credit). Bonus shares are rounded down, so the centavos of
 * rounding go to the cash share: the player's favour, at most 1 centavo per
 * bonus per credit.
 */

/** The `move` of the caller's transaction (applyMovement, or the logged one of inLoggedTransaction). */
export type Move = (input: MovementInput) => Promise<MovementResult>;

/** What a credit's bonus share became: kept with the running bonus, released (withdrawable), or forfeited. */
export type ShareFate = 'kept' | 'released' | 'forfeited';

/** One bonus's share of a credit, recorded in the credit row's `metadata.bonus_shares`. */
export interface CreditShare {
  bonus_id: number;
  amount: number;
  fate: ShareFate;
}

/** How a set of stakes was paid: total, cash part, and per bonus. */
export interface StakeShares {
  stake: bigint;
  withdrawable: bigint;
  bonuses: Map<number, bigint>;
}

const STAKE_TYPES = new Set(['bet', 'sports_bet']);

/**
 * Records which running bonuses paid the stake of a freshly written
 * `bet`/`sports_bet` debit (called by the wager hook, addRolloverProgress,
 * with the wallet and the active bonuses locked, before anything is released
 * or forfeited). `wagerReference` is the hook's `{type}:{reference}`. From
 * the row itself: its non-withdrawable part N = stake − cash taken; the
 * non-withdrawable part before it P = its balances after + N; each bonus's
 * share = what money-left.ts gives it out of P minus out of P − N. Bonuses
 * granted after the row (a rank-up's bonus in the same transaction) are left
 * out. Idempotent (primary key).
 */
export async function recordBonusStake(tx: Db, q: { tenantId: number; userId: number; reference: string }, active: readonly PlayerBonusRow[]): Promise<void> {
  if (active.length === 0) return;
  const colon = q.reference.indexOf(':');
  const type = q.reference.slice(0, colon);
  if (colon < 0 || !STAKE_TYPES.has(type)) return;
  const [entry] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, q.tenantId),
        eq(ledgerEntries.userId, q.userId),
        eq(ledgerEntries.type, type as LedgerEntryRow['type']),
        eq(ledgerEntries.reference, q.reference.slice(colon + 1)),
      ),
    )
    .limit(1);
  if (!entry || entry.amount >= 0n) return;
  const nonWithdrawable = -entry.amount + entry.withdrawableDelta;
  if (nonWithdrawable <= 0n) return;
  const later = await tx
    .select({ bonusId: sql<string | null>`${ledgerEntries.metadata}->>'bonus_id'` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, q.userId), gt(ledgerEntries.id, entry.id), eq(ledgerEntries.type, 'bonus')));
  const grantedLater = new Set(later.map((r) => Number(r.bonusId)));
  const before = active.filter((b) => !grantedLater.has(b.id));
  const poolAfter = entry.balanceAfter - entry.balanceWithdrawalAfter;
  const had = bonusMoneyLeft(before, poolAfter + nonWithdrawable);
  const has = bonusMoneyLeft(before, poolAfter);
  const rows = before
    .map((b) => ({ ledgerEntryId: entry.id, bonusId: b.id, amount: (had.get(b.id) ?? 0n) - (has.get(b.id) ?? 0n) }))
    .filter((r) => r.amount > 0n);
  if (rows.length > 0) await tx.insert(bonusStakes).values(rows).onConflictDoNothing();
}

/** How `stakes` (bet debits) were paid: Σ stake, Σ cash and each bonus's share. */
export async function stakeSharesOf(tx: Db, stakes: readonly LedgerEntryRow[]): Promise<StakeShares> {
  const debits = stakes.filter((s) => s.amount < 0n);
  const shares: StakeShares = {
    stake: debits.reduce((sum, s) => sum - s.amount, 0n),
    withdrawable: debits.reduce((sum, s) => sum - s.withdrawableDelta, 0n),
    bonuses: new Map(),
  };
  if (debits.length === 0) return shares;
  const rows = await tx
    .select()
    .from(bonusStakes)
    .where(
      inArray(
        bonusStakes.ledgerEntryId,
        debits.map((s) => s.id),
      ),
    );
  for (const row of rows) shares.bonuses.set(row.bonusId, (shares.bonuses.get(row.bonusId) ?? 0n) + row.amount);
  return shares;
}

/** The player's bonuses of `ids` (any status), by id. */
async function bonusesById(tx: Db, ids: readonly number[]): Promise<Map<number, PlayerBonusRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(playerBonuses).where(inArray(playerBonuses.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

const fateOf = (bonus: PlayerBonusRow | undefined): ShareFate => (bonus?.status === 'active' ? 'kept' : bonus?.status === 'completed' ? 'released' : 'forfeited');

/** The ledger row already written for (tenant, type, reference), if any. */
async function written(tx: Db, m: Pick<MovementInput, 'tenantId' | 'type' | 'reference'>): Promise<LedgerEntryRow | null> {
  if (!m.reference) return null;
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, m.tenantId), eq(ledgerEntries.type, m.type), eq(ledgerEntries.reference, m.reference)))
    .limit(1);
  return row ?? null;
}

/** Locks the wallet and the active bonuses and forfeits those past expiry first, so a share's fate is decided on settled bonuses. */
async function lockSettled(tx: Db, q: { tenantId: number; userId: number }, now: Date): Promise<LockedBonuses | null> {
  const locked = await lockWalletAndBonuses(tx, q);
  if (!locked.wallet) return null;
  const state: LockedBonuses = { wallet: locked.wallet, active: locked.active };
  if (state.active.length > 0) await forfeitExpired(tx, state, now);
  return state;
}

export interface StakeCreditInput {
  /** The credit to write (positive `amount`; `withdrawableDelta` is decided here). */
  movement: Omit<MovementInput, 'withdrawableDelta'>;
  /** `win`: a payout for the stakes; `refund`: (part of) the stakes given back. */
  kind: 'win' | 'refund';
  /** The bet debits the credit is for (a round's live stakes, a betslip's stake). */
  stakes: readonly LedgerEntryRow[];
  now?: Date;
}

/**
 * Credits a win or a stake given back in the shares its stakes were paid
 * with (see the top of this file), inside the caller's transaction: locks
 * the wallet and the active bonuses (the ledger's order), forfeits expired
 * ones, writes the credit with `withdrawable_delta` = cash share + shares of
 * completed bonuses and `metadata.bonus_shares`, then adds a win's kept
 * shares to each running bonus's `winnings` and takes forfeited shares back
 * (`bonus` row, reference `forfeit:{credit id}`). X × share ÷ stake per
 * bonus, rounded down; for a refund the share of no bonus comes back
 * non-withdrawable as it was, for a win it is withdrawable (docs/rewards.md).
 * A replay (reference already written) moves nothing and changes no bonus.
 */
export async function creditStake(tx: Db, move: Move, input: StakeCreditInput): Promise<MovementResult> {
  const m = input.movement;
  const amount = BigInt(m.amount);
  const earlier = await written(tx, m);
  if (earlier) return move({ ...m, withdrawableDelta: earlier.withdrawableDelta });
  const shares = await stakeSharesOf(tx, input.stakes);
  if (shares.stake <= 0n || amount <= 0n) return move({ ...m, withdrawableDelta: amount > 0n ? amount : 0n });
  // No bonus paid these stakes (the common case): no bonus to lock, the shares are cash and money of no bonus.
  const state = shares.bonuses.size === 0 ? null : await lockSettled(tx, m, input.now ?? new Date());
  const bonuses = state ? await bonusesById(tx, [...shares.bonuses.keys()]) : new Map<number, PlayerBonusRow>();
  const credit: CreditShare[] = [];
  let bonusTotal = 0n;
  let bonusStake = 0n;
  for (const [bonusId, share] of shares.bonuses) {
    bonusStake += share;
    const part = (amount * share) / shares.stake;
    bonusTotal += part;
    if (part > 0n) credit.push({ bonus_id: bonusId, amount: Number(part), fate: fateOf(bonuses.get(bonusId)) });
  }
  const loose = shares.stake - shares.withdrawable - bonusStake;
  const looseBack = input.kind === 'refund' && loose > 0n ? (amount * loose) / shares.stake : 0n;
  const released = credit.filter((s) => s.fate === 'released').reduce((sum, s) => sum + BigInt(s.amount), 0n);
  const withdrawableDelta = amount - bonusTotal - looseBack + released;
  const moved = await move({ ...m, withdrawableDelta, metadata: { ...m.metadata, ...(credit.length > 0 ? { bonus_shares: credit } : {}) } });
  if (moved.replayed) return moved;

  if (input.kind === 'win') {
    for (const s of credit.filter((c) => c.fate === 'kept')) {
      await tx
        .update(playerBonuses)
        .set({ winnings: sql`${playerBonuses.winnings} + ${s.amount}` })
        .where(eq(playerBonuses.id, s.bonus_id));
    }
  }
  const forfeited = credit.filter((s) => s.fate === 'forfeited');
  const forfeit = forfeited.reduce((sum, s) => sum + s.amount, 0);
  if (forfeit === 0) return moved;
  const taken = await move({
    tenantId: m.tenantId,
    userId: m.userId,
    type: 'bonus',
    amount: -forfeit,
    withdrawableDelta: 0,
    reference: `forfeit:${moved.entry.id}`,
    metadata: { forfeit_of: m.reference ?? null, bonus_ids: forfeited.map((s) => s.bonus_id), expired: true },
  });
  return { ...moved, wallet: taken.wallet };
}

/** The `bonus_shares` recorded on a credit row (empty for a credit of no bonus money). */
export function creditSharesOf(entry: LedgerEntryRow): CreditShare[] {
  const raw = entry.metadata.bonus_shares;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (s): s is CreditShare => typeof s === 'object' && s !== null && typeof s.bonus_id === 'number' && typeof s.amount === 'number' && ['kept', 'released', 'forfeited'].includes(s.fate),
  );
}

/**
 * Takes back a credit written by creditStake (a win or a refund undone by a
 * rollback), in the shares it was given: its cash share and released shares
 * from the withdrawable part; a share kept with a bonus from the
 * non-withdrawable part (and off that bonus's `winnings` when it was a win
 * and the bonus still runs; from the withdrawable part when the bonus has
 * completed since and released it); a share forfeited at the credit is not
 * taken twice (a `bonus` row gives it back first, reference
 * `unforfeit:{credit id}`). Whatever the non-withdrawable part no longer
 * holds comes from the withdrawable part; what the balance no longer holds
 * is refused (InsufficientFundsError). A replay moves nothing.
 */
export async function reverseCredit(tx: Db, move: Move, input: { original: LedgerEntryRow; movement: Omit<MovementInput, 'withdrawableDelta' | 'amount'>; now?: Date }): Promise<MovementResult> {
  const { original } = input;
  const m = { ...input.movement, amount: -original.amount };
  const earlier = await written(tx, m);
  if (earlier) return move({ ...m, withdrawableDelta: earlier.withdrawableDelta });
  const shares = creditSharesOf(original);
  if (shares.length === 0) return move({ ...m, withdrawableDelta: -original.withdrawableDelta });
  const state = await lockSettled(tx, m, input.now ?? new Date());
  if (!state) return move({ ...m, withdrawableDelta: -original.withdrawableDelta });

  const forfeited = shares.filter((s) => s.fate === 'forfeited').reduce((sum, s) => sum + s.amount, 0);
  if (forfeited > 0) {
    const back = await move({
      tenantId: m.tenantId,
      userId: m.userId,
      type: 'bonus',
      amount: forfeited,
      withdrawableDelta: 0,
      reference: `unforfeit:${original.id}`,
      metadata: { unforfeit_of: original.reference, bonus_ids: shares.filter((s) => s.fate === 'forfeited').map((s) => s.bonus_id) },
    });
    state.wallet = back.wallet;
  }
  const bonuses = await bonusesById(
    tx,
    shares.map((s) => s.bonus_id),
  );
  const kept = shares.filter((s) => s.fate === 'kept');
  let cash = original.withdrawableDelta;
  for (const s of kept) if (bonuses.get(s.bonus_id)?.status === 'completed') cash += BigInt(s.amount);
  const nonWithdrawable = original.amount - cash;
  const pool = state.wallet.balance - state.wallet.balanceWithdrawal;
  if (nonWithdrawable > pool) cash += nonWithdrawable - pool;
  const moved = await move({ ...m, withdrawableDelta: -cash });
  if (moved.replayed) return moved;
  if (original.type === 'win' || original.type === 'sports_win') {
    for (const s of kept) {
      if (bonuses.get(s.bonus_id)?.status !== 'active') continue;
      await tx
        .update(playerBonuses)
        .set({ winnings: sql`greatest(${playerBonuses.winnings} - ${s.amount}, 0)` })
        .where(eq(playerBonuses.id, s.bonus_id));
    }
  }
  return moved;
}
