import { and, eq, sql } from 'drizzle-orm';
import { MAX_AMOUNT_CENTAVOS } from '../../../src/contract/money.ts';
import type { LedgerType } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { NotificationRow } from '../notifications/present.ts';
import { InsufficientFundsError, ReferenceConflictError } from './errors.ts';
import { WALLET_MESSAGES } from './messages.ts';
import { onLedgerEntry } from './on-wager.ts';
import { type LedgerEntryRow, ledgerEntries, type WalletRow, wallets } from './schema.ts';

export interface MovementInput {
  tenantId: number;
  userId: number;
  type: LedgerType;
  /** Signed integer centavos: credits positive, debits negative; |amount| ≤ MAX_AMOUNT_CENTAVOS. */
  amount: bigint | number;
  /**
   * Signed change of `balance_withdrawal`. Default (see `defaultWithdrawableDelta`):
   * deposit, win and withdraw move it like `amount`; other debits spend the
   * non-withdrawable part first; other credits (bonus, refunds) add nothing.
   */
  withdrawableDelta?: bigint | number;
  /** Idempotency key (PSP txid, game transaction id…), unique per tenant and type. */
  reference?: string;
  metadata?: Record<string, unknown>;
}

export interface MovementResult {
  entry: LedgerEntryRow;
  /** The wallet after the movement (or, on a replay, as it is now). */
  wallet: WalletRow;
  /** True when `reference` had already been applied: no money moved this time. */
  replayed: boolean;
  /**
   * Notifications the wager hook stored with this movement (a rank-up's);
   * empty on a replay. Whoever commits the transaction publishes them after
   * the commit (`inLoggedTransaction` in ./ledger-log.ts does).
   */
  notices: NotificationRow[];
}

const MAX = BigInt(MAX_AMOUNT_CENTAVOS);

/** An integer within ±MAX_AMOUNT_CENTAVOS as bigint; anything else is a programming error upstream of the API checks. */
function centavos(value: bigint | number, what: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer number of centavos`);
  const n = BigInt(value);
  if (n > MAX || n < -MAX) throw new RangeError(`${what} is out of range`);
  return n;
}

/**
 * How a movement changes the withdrawable part when the caller does not say:
 * deposits, wins and withdrawals are withdrawable money; any other debit
 * (a bet, a bonus taken back) spends the non-withdrawable part first, so
 * `balance_withdrawal` only shrinks when it would exceed the new balance;
 * any other credit (a bonus, a refund whose origin the caller did not state) is
 * not withdrawable until rollover.
 */
export function defaultWithdrawableDelta(type: LedgerType, amount: bigint, wallet: Pick<WalletRow, 'balance' | 'balanceWithdrawal'>): bigint {
  if (type === 'deposit' || type === 'win' || type === 'withdraw') return amount;
  if (amount < 0n) {
    const excess = wallet.balance + amount - wallet.balanceWithdrawal;
    return excess < 0n ? excess : 0n;
  }
  return 0n;
}

/**
 * Moves money: in ONE transaction (a savepoint when `db` is already a
 * transaction) it locks the wallet, creating it on the first movement
 * (`SELECT … FOR UPDATE`, so concurrent movements of one player run one
 * after the other), refuses to go below zero, appends the ledger row and updates the balances
 * (`deposit_count` + 1 for a deposit credit), then hands a stake (or a
 * stake given back) to the wager hook (on-wager.ts) in the same transaction.
 *
 * Idempotent by `reference`: when (tenant, type, reference) was already
 * applied it returns that entry with `replayed: true` and moves nothing. A
 * concurrent duplicate is settled by the unique index (INSERT … ON CONFLICT
 * DO NOTHING waits for the other transaction), so it also moves money once.
 *
 * @throws InsufficientFundsError (422) when balance or balance_withdrawal would go negative.
 * @throws ReferenceConflictError (409) when the reference was used for another player or amount.
 * @throws NotFoundError (404) when the player does not exist on the tenant.
 * @throws RangeError for a non-integer or out-of-range amount (validate at the boundary with CentavosSchema).
 */
export async function applyMovement(db: Db, input: MovementInput): Promise<MovementResult> {
  const amount = centavos(input.amount, 'amount');
  const explicitDelta = input.withdrawableDelta === undefined ? undefined : centavos(input.withdrawableDelta, 'withdrawableDelta');
  const reference = input.reference ?? null;
  if (reference !== null && (reference.length === 0 || reference.length > 200)) throw new RangeError('reference must be 1 to 200 characters');

  return db.transaction(async (tx) => {
    const lockWallet = () =>
      tx
        .select()
        .from(wallets)
        .where(and(eq(wallets.userId, input.userId), eq(wallets.tenantId, input.tenantId)))
        .for('update');
    let [wallet] = await lockWallet();
    if (!wallet) {
      // First movement of this player: create the wallet (concurrent creators meet in ON CONFLICT), then lock it.
      await tx.execute(sql`
        insert into wallets (user_id, tenant_id)
        select id, tenant_id from users where id = ${input.userId} and tenant_id = ${input.tenantId}
        on conflict (user_id) do nothing`);
      [wallet] = await lockWallet();
    }
    if (!wallet) throw new NotFoundError('wallet_not_found', { message: WALLET_MESSAGES.walletNotFound });
    const locked = wallet;

    const replay = async (): Promise<MovementResult | null> => {
      if (reference === null) return null;
      const [original] = await tx
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.tenantId, input.tenantId), eq(ledgerEntries.type, input.type), eq(ledgerEntries.reference, reference)));
      if (!original) return null;
      if (original.userId !== input.userId || original.amount !== amount) throw new ReferenceConflictError();
      return { entry: original, wallet: locked, replayed: true, notices: [] };
    };

    const delta = explicitDelta ?? defaultWithdrawableDelta(input.type, amount, wallet);
    if (amount === 0n && delta === 0n) throw new RangeError('a movement must change the balance or its withdrawable part');
    const balance = wallet.balance + amount;
    const withdrawable = wallet.balanceWithdrawal + delta;
    if (balance < 0n || withdrawable < 0n) {
      // A replay of a debit that was applied earlier is not a shortage.
      const earlier = await replay();
      if (earlier) return earlier;
      throw new InsufficientFundsError();
    }
    if (withdrawable > balance) throw new RangeError('the withdrawable part cannot exceed the balance');

    // The unique (tenant, type, reference) index decides replays: the common path costs no extra look-up.
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        tenantId: input.tenantId,
        userId: input.userId,
        type: input.type,
        amount,
        withdrawableDelta: delta,
        balanceAfter: balance,
        balanceWithdrawalAfter: withdrawable,
        reference,
        metadata: input.metadata ?? {},
      })
      .onConflictDoNothing({ target: [ledgerEntries.tenantId, ledgerEntries.type, ledgerEntries.reference] })
      .returning();
    if (!entry) {
      // Applied before (or by a concurrent transaction, whose commit the insert waited for).
      const original = await replay();
      if (original) return original;
      throw new Error('ledger insert conflicted but no original entry was found');
    }

    const [updated] = await tx
      .update(wallets)
      .set({
        balance,
        balanceWithdrawal: withdrawable,
        depositCount: wallet.depositCount + (input.type === 'deposit' && amount > 0n ? 1 : 0),
        updatedAt: sql`now()`,
      })
      .where(eq(wallets.userId, input.userId))
      .returning();
    if (!updated) throw new Error('locked wallet disappeared');
    // Stakes and stakes given back feed the wager hook (total_bet, ranks, VIP points, rollover) in this same
    // transaction; replays returned above, so a retried bet counts once.
    const effects = await onLedgerEntry(tx, entry);
    if (!effects.moved) return { entry, wallet: updated, replayed: false, notices: effects.notices };
    // The hook may have moved money of its own (a rank's bonus, a bonus the rollover released): answer the wallet as it is now.
    const [now] = await tx.select().from(wallets).where(eq(wallets.userId, input.userId));
    return { entry, wallet: now ?? updated, replayed: false, notices: effects.notices };
  });
}
