import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { TenantContext } from '../../http/context.ts';
import type { Logger } from '../../logger.ts';
import type { LiveNotificationDeps } from '../notifications/publish.ts';
import { BarredError } from '../barred/errors.ts';
import { creditStake, reverseCredit } from '../bonuses/win-shares.ts';
import { assertWagerAllowed } from '../responsible-gaming/enforce.ts';
import { ResponsibleGamingError } from '../responsible-gaming/errors.ts';
import { isInMaintenance } from '../tenants/context.ts';
import { findUserById } from '../users/find-user.ts';
import { isSelfExcluded } from '../users/present.ts';
import type { UserRow } from '../users/schema.ts';
import { InsufficientFundsError, ReferenceConflictError } from '../wallet/errors.ts';
import { inLoggedTransaction } from '../wallet/ledger-log.ts';
import type { MovementInput, MovementResult } from '../wallet/movement.ts';
import type { WalletRow } from '../wallet/schema.ts';
import { balanceOf, findTransaction, ledgerRow, lockBetslip, rollbackOf, sportsReference, transactionById } from './books.ts';
import { REASONS, SportsError } from './errors.ts';
import type { Lost, Make, Refund, Rollback, Settlement, Transaction, TransactionAnswer, Win } from './protocol.ts';
import { SETTLEMENT_KINDS } from './protocol.ts';
import { type SportsBetslipRow, sportsBetslips, sportsSelections, type SportsTransactionRow, sportsTransactions } from './schema.ts';

/** Who the callbacks of a request are for: the tenant (from Host) and the ids its transactions must name. */
export interface SportsCallContext {
  tenant: TenantContext;
  /** The tenant's brand id at the provider (its callbacks must name it), even when its sports are off; null = none configured. */
  brandId: string | null;
  /** False when the tenant's sports are off (or there is no provider): new bets are refused, open ones still settle. */
  acceptsBets: boolean;
  operatorId: string;
  now: Date;
  log?: Pick<Logger, 'info'>;
  /** Publishes what a bet's transaction stored for the player (a rank-up) once it has committed. */
  live?: LiveNotificationDeps;
}

/** An accepted callback: the answer, and the player whose money moved now (null on a replay or when nothing moved). */
export interface SportsOutcome<T> {
  answer: T;
  movedFor: number | null;
  /** The player's wallet right after the movement (so the announcement needs no read). */
  wallet?: WalletRow;
}

type Move = (input: MovementInput) => Promise<MovementResult>;

const WIN_STATUSES = new Set<SportsBetslipRow['status']>(['won', 'half-won', 'cashed-out']);

/** The ledger's refusals in the provider's words. */
function asSportsError(error: unknown): unknown {
  if (error instanceof InsufficientFundsError) return new SportsError('not_enough_money');
  if (error instanceof ReferenceConflictError) return new SportsError('bad_request', REASONS.reused);
  if (error instanceof ResponsibleGamingError) return new SportsError('limits_exceeded', error.localized);
  if (error instanceof BarredError) return new SportsError('player_blocked', error.localized);
  return error;
}

async function run<T>(ctx: SportsCallContext, db: Db, work: (tx: Db, move: Move) => Promise<SportsOutcome<T>>): Promise<SportsOutcome<T>> {
  try {
    return await inLoggedTransaction(db, ctx.log, work, ctx.live);
  } catch (error) {
    throw asSportsError(error);
  }
}

function answerOf(row: SportsTransactionRow, userId: number, balance: bigint, parent: string | null = null): TransactionAnswer {
  return {
    id: String(row.id),
    ext_transaction_id: row.providerTransactionId,
    parent_transaction_id: parent,
    user_id: String(userId),
    operation: row.operation === 'discard' ? 'rollback' : row.operation,
    amount: Number(row.amount),
    currency: 'BRL',
    balance: Number(balance),
  };
}

/** The transaction's currency, brand and operator are this tenant's, its player one of its players. @returns the player. */
async function checkPlayer(tx: Db, ctx: SportsCallContext, t: Pick<Transaction, 'currency' | 'operator_brand_id' | 'operator_id' | 'ext_player_id'>): Promise<UserRow> {
  if (t.currency !== 'BRL') throw new SportsError('invalid_currency');
  if (!ctx.brandId || t.operator_brand_id !== ctx.brandId || t.operator_id !== ctx.operatorId) throw new SportsError('bad_request', REASONS.wrongBrand);
  if (!/^[1-9]\d{0,9}$/.test(t.ext_player_id)) throw new SportsError('player_not_found');
  const user = await findUserById(tx, ctx.tenant.id, Number(t.ext_player_id));
  if (!user) throw new SportsError('player_not_found');
  return user;
}

/** The player id of a transaction (see checkPlayer). */
const checkTransaction = async (tx: Db, ctx: SportsCallContext, t: Transaction): Promise<number> => (await checkPlayer(tx, ctx, t)).id;

async function insertTransaction(tx: Db, row: typeof sportsTransactions.$inferInsert): Promise<SportsTransactionRow> {
  const [inserted] = await tx.insert(sportsTransactions).values(row).returning();
  return inserted!;
}

/** A replay of `existing` (same provider id): the same player and amount, answered as the first time with the balance now. */
async function replay(tx: Db, ctx: SportsCallContext, existing: SportsTransactionRow, t: Transaction): Promise<SportsOutcome<TransactionAnswer>> {
  if (existing.userId === null || String(existing.userId) !== t.ext_player_id || existing.amount !== BigInt(t.amount)) throw new SportsError('bad_request', REASONS.reused);
  const parent = existing.parentId === null ? null : String(existing.parentId);
  return { answer: answerOf(existing, existing.userId, await balanceOf(tx, ctx.tenant.id, existing.userId), parent), movedFor: null };
}

/**
 * bet/make: debits the stake (`sports_bet`, reference
 * `sportsbook:{transaction.id}`) and records the betslip and its selections,
 * in one transaction. Idempotent by the transaction id: a retry answers as
 * the first time, unless the bet has since been rolled back or discarded
 * (then refused, as is a bet/make of a transaction discarded before it
 * arrived). Refused for a self-excluded player or one the regulator bars (1005), past the player's own
 * limits or during their pause (4001), in maintenance or when
 * the tenant has no sportsbook, for another currency (2002), an unknown
 * player (1006), a short balance (2001) or a betslip already made by another
 * transaction (2004).
 */
export function makeBet(db: Db, ctx: SportsCallContext, body: Make): Promise<SportsOutcome<TransactionAnswer>> {
  const t = body.transaction;
  return run(ctx, db, async (tx, move) => {
    const replayOf = async (existing: SportsTransactionRow) => {
      const slip = await lockBetslip(tx, existing.betslipRowId!);
      if (slip.status === 'rolled-back') throw new SportsError('bad_request', REASONS.rolledBack);
      return replay(tx, ctx, existing, t);
    };
    // One look-up for both: this bet made before (a replay), or discarded before it came.
    const earlier = await tx
      .select()
      .from(sportsTransactions)
      .where(and(eq(sportsTransactions.tenantId, ctx.tenant.id), inArray(sportsTransactions.operation, ['bet', 'discard']), eq(sportsTransactions.providerTransactionId, t.id)));
    const existing = earlier.find((row) => row.operation === 'bet');
    if (existing) return replayOf(existing);
    if (earlier.length > 0) throw new SportsError('bad_request', REASONS.discarded);
    // Freebets and other provider bonuses are not offered here (Brazilian rules bar sign-up bonuses): such a bet would be paid from real money.
    if (body.bonus_id || body.bonus_type || t.bonus_id) throw new SportsError('bonus_not_found');
    if (isInMaintenance(ctx.tenant)) throw new SportsError('player_blocked', REASONS.maintenance);
    if (!ctx.acceptsBets || !ctx.brandId) throw new SportsError('bad_request', REASONS.unavailable);
    const user = await checkPlayer(tx, ctx, t);
    const userId = user.id;
    const slip = body.betslip;
    if (slip.ext_player_id !== t.ext_player_id || slip.id !== t.betslip_id || body.amount !== t.amount || slip.sum !== t.amount || t.amount <= 0 || t.operation !== 'bet') {
      throw new SportsError('bad_request');
    }
    // Self-excluded, or blocked by the operator (server/features/players/block.ts): a widget opened before takes no new bet.
    if (isSelfExcluded(user, ctx.now) || user.blockedAt) throw new SportsError('player_blocked');
    // The player's own limits and pause (responsible-gaming/enforce.ts), under their lock, before the wallet's.
    await assertWagerAllowed(tx, { tenantId: ctx.tenant.id, userId, amount: t.amount, now: ctx.now });

    const [created] = await tx
      .insert(sportsBetslips)
      .values({
        tenantId: ctx.tenant.id,
        userId,
        betslipId: slip.id,
        makeTransactionId: t.id,
        betType: slip.type,
        odds: slip.k,
        stake: BigInt(t.amount),
        potentialWin: BigInt(body.potential_win ?? 0),
        currency: t.currency,
      })
      .onConflictDoNothing({ target: [sportsBetslips.tenantId, sportsBetslips.betslipId] })
      .returning();
    if (!created) {
      // A concurrent duplicate committed first (its insert won): answer as its replay; else the betslip is another make's.
      const raced = await findTransaction(tx, ctx.tenant.id, 'bet', t.id);
      if (raced) return replayOf(raced);
      throw new SportsError('bad_request', REASONS.betslipTaken);
    }
    const moved = await move({
      tenantId: ctx.tenant.id,
      userId,
      type: 'sports_bet',
      amount: -t.amount,
      reference: sportsReference(t.id),
      metadata: { betslip_id: slip.id, bet_type: slip.type, odds: slip.k },
    });
    const row = await insertTransaction(tx, {
      tenantId: ctx.tenant.id,
      userId,
      betslipRowId: created.id,
      providerTransactionId: t.id,
      operation: 'bet',
      amount: BigInt(t.amount),
      ledgerEntryId: moved.entry.id,
    });
    await tx.insert(sportsSelections).values(
      slip.bets.map((bet, position) => ({
        betslipRowId: created.id,
        position,
        eventId: bet.event_id,
        eventName: bet.competitor_name?.length ? bet.competitor_name.join(' vs ') : bet.event_id,
        sportName: bet.sport_name ?? '',
        tournamentName: bet.tournament_name ?? '',
        marketName: bet.market_name ?? '',
        outcomeName: bet.outcome_name ?? '',
        odds: bet.odds,
        live: bet.live ?? false,
        scheduledAt: bet.scheduled === undefined ? null : new Date(bet.scheduled * 1000),
      })),
    );
    return { answer: answerOf(row, userId, moved.wallet.balance), movedFor: userId, wallet: moved.wallet };
  });
}

/** bet/commit: the provider confirms a made bet (the two-phase flow); recorded, nothing moves. @throws 2003 for an unknown bet. */
export function commitBet(db: Db, ctx: SportsCallContext, transactionId: string): Promise<SportsOutcome<TransactionAnswer>> {
  return run(ctx, db, async (tx) => {
    const make = await findTransaction(tx, ctx.tenant.id, 'bet', transactionId);
    if (!make) throw new SportsError('parent_transaction_not_found');
    const slip = await lockBetslip(tx, make.betslipRowId!);
    if (slip.status === 'rolled-back') throw new SportsError('bad_request', REASONS.rolledBack);
    await tx.update(sportsBetslips).set({ committedAt: sql`coalesce(${sportsBetslips.committedAt}, now())` }).where(eq(sportsBetslips.id, slip.id));
    return { answer: answerOf(make, slip.userId, await balanceOf(tx, ctx.tenant.id, slip.userId)), movedFor: null };
  });
}

/**
 * bet/discard: the provider failed to place a bet it had made; its stake
 * comes back (`sports_rollback`) and the betslip is `rolled-back`. A discard
 * of a bet that never arrived leaves a tombstone, so the late bet/make is
 * refused. Idempotent.
 */
export function discardBet(db: Db, ctx: SportsCallContext, body: { ext_player_id: string; transaction_id: string }): Promise<SportsOutcome<{ transaction_id: string; status: 'discarded'; balance: number }>> {
  return run(ctx, db, async (tx, move) => {
    const answer = (balance: bigint) => ({ transaction_id: body.transaction_id, status: 'discarded' as const, balance: Number(balance) });
    const make = await findTransaction(tx, ctx.tenant.id, 'bet', body.transaction_id);
    const playerId = /^[1-9]\d{0,9}$/.test(body.ext_player_id) ? Number(body.ext_player_id) : null;
    if (!make) {
      const user = playerId === null ? null : await findUserById(tx, ctx.tenant.id, playerId);
      await tx
        .insert(sportsTransactions)
        .values({ tenantId: ctx.tenant.id, userId: user?.id ?? null, providerTransactionId: body.transaction_id, operation: 'discard' })
        .onConflictDoNothing();
      return { answer: answer(user ? await balanceOf(tx, ctx.tenant.id, user.id) : 0n), movedFor: null };
    }
    const slip = await lockBetslip(tx, make.betslipRowId!);
    if (String(slip.userId) !== body.ext_player_id) throw new SportsError('bad_request', REASONS.reused);
    if (slip.status === 'rolled-back') return { answer: answer(await balanceOf(tx, ctx.tenant.id, slip.userId)), movedFor: null };
    if (slip.status !== 'open') throw new SportsError('bad_request', REASONS.settled);
    const original = await ledgerRow(tx, make.ledgerEntryId!);
    // The stake comes back in the shares it was paid with (cash, running bonuses: bonuses/win-shares.ts).
    const moved = await creditStake(tx, move, {
      kind: 'refund',
      movement: {
        tenantId: ctx.tenant.id,
        userId: slip.userId,
        type: 'sports_rollback',
        amount: -original.amount,
        reference: sportsReference(`discard:${body.transaction_id}`),
        metadata: { betslip_id: slip.betslipId, rollback_of: original.reference, reason: 'discard' },
      },
      stakes: [original],
      now: ctx.now,
    });
    await insertTransaction(tx, {
      tenantId: ctx.tenant.id,
      userId: slip.userId,
      betslipRowId: slip.id,
      providerTransactionId: body.transaction_id,
      operation: 'discard',
      amount: make.amount,
      parentId: make.id,
      ledgerEntryId: moved.entry.id,
    });
    await tx.update(sportsBetslips).set({ status: 'rolled-back', settledAt: ctx.now }).where(eq(sportsBetslips.id, slip.id));
    return { answer: answer(moved.wallet.balance), movedFor: slip.userId, wallet: moved.wallet };
  });
}

/** The betslip of a settlement callback (`bet_transaction_id`: our id of its bet/make), locked; 2003 when unknown. */
async function betslipOfBet(tx: Db, ctx: SportsCallContext, betTransactionId: string): Promise<{ make: SportsTransactionRow; slip: SportsBetslipRow }> {
  const make = await transactionById(tx, ctx.tenant.id, betTransactionId);
  if (!make || make.operation !== 'bet' || make.betslipRowId === null) throw new SportsError('parent_transaction_not_found');
  return { make, slip: await lockBetslip(tx, make.betslipRowId) };
}

type Credit = { kind: 'win'; status: 'won' | 'half-won' | 'cashed-out' } | { kind: 'refund' } | { kind: 'lost' };

/**
 * A settlement of an open betslip: a win credits `sports_win` (withdrawable
 * but for a running bonus's share of the stake), a refund credits
 * `sports_refund` (at most the stake; in the shares the stake was paid
 * with), a loss moves nothing; each closes the betslip. Idempotent by
 * the transaction id (checked first); refused after the betslip was rolled
 * back or settled otherwise.
 */
async function settle(db: Db, ctx: SportsCallContext, betTransactionId: string, t: Transaction, credit: Credit): Promise<SportsOutcome<TransactionAnswer>> {
  return run(ctx, db, async (tx, move) => {
    const { make, slip } = await betslipOfBet(tx, ctx, betTransactionId);
    const operation = credit.kind;
    const existing = await findTransaction(tx, ctx.tenant.id, operation, t.id);
    if (existing) {
      if (existing.betslipRowId !== slip.id) throw new SportsError('bad_request', REASONS.reused);
      return replay(tx, ctx, existing, t);
    }
    const userId = await checkTransaction(tx, ctx, t);
    if (userId !== slip.userId || t.betslip_id !== slip.betslipId) throw new SportsError('bad_request', REASONS.reused);
    if (slip.status === 'rolled-back') throw new SportsError('bad_request', REASONS.rolledBack);
    if (slip.status !== 'open') throw new SportsError('bad_request', REASONS.settled);
    const amount = BigInt(t.amount);
    let moved: MovementResult | null = null;
    if (credit.kind === 'refund') {
      if (amount <= 0n || slip.refunded + amount > slip.stake) throw new SportsError('bad_request', REASONS.refundTooLarge);
      const stakeRow = await ledgerRow(tx, make.ledgerEntryId!);
      // The stake comes back in the shares it was paid with (in proportion for a partial refund; bonuses/win-shares.ts).
      moved = await creditStake(tx, move, {
        kind: 'refund',
        movement: { tenantId: ctx.tenant.id, userId, type: 'sports_refund', amount, reference: sportsReference(t.id), metadata: { betslip_id: slip.betslipId } },
        stakes: [stakeRow],
        now: ctx.now,
      });
    } else if (credit.kind === 'win' && amount > 0n) {
      // Withdrawable but for the share of the stake a running bonus paid: that stays the bonus's money (docs/rewards.md).
      moved = await creditStake(tx, move, {
        kind: 'win',
        movement: {
          tenantId: ctx.tenant.id,
          userId,
          type: 'sports_win',
          amount,
          reference: sportsReference(t.id),
          metadata: { betslip_id: slip.betslipId, result: credit.status },
        },
        stakes: [await ledgerRow(tx, make.ledgerEntryId!)],
        now: ctx.now,
      });
    }
    const row = await insertTransaction(tx, {
      tenantId: ctx.tenant.id,
      userId,
      betslipRowId: slip.id,
      providerTransactionId: t.id,
      operation,
      amount,
      parentId: make.id,
      ledgerEntryId: moved?.entry.id ?? null,
    });
    await tx
      .update(sportsBetslips)
      .set({
        status: credit.kind === 'win' ? credit.status : credit.kind === 'refund' ? 'refunded' : 'lost',
        payout: credit.kind === 'win' ? slip.payout + amount : slip.payout,
        refunded: credit.kind === 'refund' ? slip.refunded + amount : slip.refunded,
        settledAt: ctx.now,
      })
      .where(eq(sportsBetslips.id, slip.id));
    const balance = moved ? moved.wallet.balance : await balanceOf(tx, ctx.tenant.id, userId);
    return { answer: answerOf(row, userId, balance, String(make.id)), movedFor: moved ? userId : null, ...(moved ? { wallet: moved.wallet } : {}) };
  });
}

/** bet/win: won, half-won (a selection half-won) or cashed out (`is_cashout`). */
export async function winBet(db: Db, ctx: SportsCallContext, body: Win): Promise<SportsOutcome<TransactionAnswer>> {
  if (body.amount !== body.transaction.amount || body.currency !== body.transaction.currency || body.transaction.operation !== 'win') throw new SportsError('bad_request');
  const halfWon = body.selections?.some((s) => s.status === 'half-won' || s.status === 'half_won') ?? false;
  return settle(db, ctx, body.bet_transaction_id, body.transaction, { kind: 'win', status: body.is_cashout ? 'cashed-out' : halfWon ? 'half-won' : 'won' });
}

/** bet/lost: closes the betslip; nothing moves. */
export async function lostBet(db: Db, ctx: SportsCallContext, body: Lost): Promise<SportsOutcome<TransactionAnswer>> {
  if (body.transaction.operation !== 'lost' || body.transaction.amount !== 0) throw new SportsError('bad_request');
  return settle(db, ctx, body.bet_transaction_id, body.transaction, { kind: 'lost' });
}

/** bet/refund: the stake (or part of it) comes back: void or cancelled events. */
export async function refundBet(db: Db, ctx: SportsCallContext, body: Refund): Promise<SportsOutcome<TransactionAnswer>> {
  if (body.transaction.operation !== 'refund') throw new SportsError('bad_request');
  return settle(db, ctx, body.bet_transaction_id, body.transaction, { kind: 'refund' });
}

/**
 * bet/settlement: the betslip's final status. With a `transaction` it moves
 * money as bet/win (won, half-won, half-lost, cashed out), bet/refund (void,
 * cancelled, refund) or bet/lost would; without one it confirms what earlier
 * callbacks did (a `lost` also closes an open betslip) and refuses a status
 * that needs money no callback brought.
 */
export async function settlementOf(db: Db, ctx: SportsCallContext, body: Settlement): Promise<SportsOutcome<TransactionAnswer | { bet_transaction_id: string; status: SportsBetslipRow['status']; balance: number }>> {
  const kind = SETTLEMENT_KINDS[body.status];
  if (body.transaction) {
    const t = body.transaction;
    if (t.operation !== kind || (body.amount !== undefined && body.amount !== t.amount)) throw new SportsError('bad_request');
    const status = body.status.startsWith('cash') ? 'cashed-out' : body.status.startsWith('half') ? 'half-won' : 'won';
    return settle(db, ctx, body.bet_transaction_id, t, kind === 'win' ? { kind, status } : { kind });
  }
  return run(ctx, db, async (tx) => {
    const { slip } = await betslipOfBet(tx, ctx, body.bet_transaction_id);
    if (slip.status === 'rolled-back') throw new SportsError('bad_request', REASONS.rolledBack);
    const answer = (status: SportsBetslipRow['status']) => ({ bet_transaction_id: body.bet_transaction_id, status, balance: 0 });
    if (kind === 'lost' && slip.status === 'open') {
      await tx.update(sportsBetslips).set({ status: 'lost', settledAt: ctx.now }).where(eq(sportsBetslips.id, slip.id));
      return { answer: { ...answer('lost'), balance: Number(await balanceOf(tx, ctx.tenant.id, slip.userId)) }, movedFor: null };
    }
    const matches = kind === 'lost' ? slip.status === 'lost' : kind === 'refund' ? slip.status === 'refunded' : WIN_STATUSES.has(slip.status);
    if (!matches) throw new SportsError('bad_request', slip.status === 'open' ? REASONS.noMoney : REASONS.settled);
    return { answer: { ...answer(slip.status), balance: Number(await balanceOf(tx, ctx.tenant.id, slip.userId)) }, movedFor: null };
  });
}

/**
 * bet/rollback: reverses our transaction `parent_transaction_id` exactly
 * once (`sports_rollback`, the opposite amount and withdrawable change): a
 * bet's stake comes back and the betslip is `rolled-back` (final: later
 * settlements and the bet's own retries are refused); a win, refund or loss
 * is undone and the betslip is open again. A bet whose settlement stands is
 * refused (roll the settlement back first), as is a win the balance no
 * longer holds (2001). An unknown parent: 2003, nothing moved. Idempotent by
 * the rollback's own transaction id.
 */
export async function rollbackBet(db: Db, ctx: SportsCallContext, body: Rollback): Promise<SportsOutcome<TransactionAnswer>> {
  const t = body.transaction;
  if (t.operation !== 'rollback') throw new SportsError('bad_request');
  return run(ctx, db, async (tx, move) => {
    const existing = await findTransaction(tx, ctx.tenant.id, 'rollback', t.id);
    if (existing) return replay(tx, ctx, existing, t);
    const parent = await transactionById(tx, ctx.tenant.id, body.parent_transaction_id);
    if (!parent || parent.betslipRowId === null || parent.operation === 'rollback' || parent.operation === 'discard') throw new SportsError('parent_transaction_not_found');
    const slip = await lockBetslip(tx, parent.betslipRowId);
    const userId = await checkTransaction(tx, ctx, t);
    if (userId !== slip.userId) throw new SportsError('bad_request', REASONS.reused);
    if (await rollbackOf(tx, parent.id)) throw new SportsError('bad_request', REASONS.alreadyRolledBack);
    if (slip.status === 'rolled-back') throw new SportsError('bad_request', REASONS.rolledBack);
    if (parent.operation === 'bet' && slip.status !== 'open') throw new SportsError('bad_request', REASONS.settled);
    // A settlement superseded by a later one is not the betslip's standing result.
    if (parent.operation !== 'bet' && (await latestSettlement(tx, slip.id))?.id !== parent.id) throw new SportsError('bad_request', REASONS.settled);

    let moved: MovementResult | null = null;
    if (parent.ledgerEntryId !== null) {
      const original = await ledgerRow(tx, parent.ledgerEntryId);
      const movement = { tenantId: ctx.tenant.id, userId, type: 'sports_rollback' as const, reference: sportsReference(t.id), metadata: { betslip_id: slip.betslipId, rollback_of: original.reference } };
      // A stake comes back in the shares it was paid with; a win or refund is taken back in the shares it was given (bonuses/win-shares.ts).
      moved =
        parent.operation === 'bet'
          ? await creditStake(tx, move, { kind: 'refund', movement: { ...movement, amount: -original.amount }, stakes: [original], now: ctx.now })
          : await reverseCredit(tx, move, { original, movement, now: ctx.now });
    }
    const row = await insertTransaction(tx, {
      tenantId: ctx.tenant.id,
      userId,
      betslipRowId: slip.id,
      providerTransactionId: t.id,
      operation: 'rollback',
      amount: parent.amount,
      parentId: parent.id,
      ledgerEntryId: moved?.entry.id ?? null,
    });
    await tx
      .update(sportsBetslips)
      .set(
        parent.operation === 'bet'
          ? { status: 'rolled-back', settledAt: ctx.now }
          : {
              status: 'open',
              settledAt: null,
              payout: parent.operation === 'win' ? slip.payout - parent.amount : slip.payout,
              refunded: parent.operation === 'refund' ? slip.refunded - parent.amount : slip.refunded,
            },
      )
      .where(eq(sportsBetslips.id, slip.id));
    const balance = moved ? moved.wallet.balance : await balanceOf(tx, ctx.tenant.id, userId);
    return { answer: answerOf(row, userId, balance, String(parent.id)), movedFor: moved ? userId : null, ...(moved ? { wallet: moved.wallet } : {}) };
  });
}

/** The betslip's last win, refund or loss not rolled back, if any. */
async function latestSettlement(tx: Db, betslipRowId: number): Promise<SportsTransactionRow | null> {
  const rows = await tx.select().from(sportsTransactions).where(and(eq(sportsTransactions.betslipRowId, betslipRowId)));
  const rolledBack = new Set(rows.filter((r) => r.operation === 'rollback').map((r) => r.parentId));
  const settlements = rows.filter((r) => (r.operation === 'win' || r.operation === 'refund' || r.operation === 'lost') && !rolledBack.has(r.id));
  return settlements.sort((a, b) => b.id - a.id)[0] ?? null;
}
