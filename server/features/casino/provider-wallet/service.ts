import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import type { LiveNotificationDeps } from '../../notifications/publish.ts';
import { creditStake, reverseCredit } from '../../bonuses/win-shares.ts';
import { assertWagerAllowed } from '../../responsible-gaming/enforce.ts';
import { findUserById } from '../../users/find-user.ts';
import { isSelfExcluded } from '../../users/present.ts';
import { inLoggedTransaction } from '../../wallet/ledger-log.ts';
import type { MovementInput, MovementResult } from '../../wallet/movement.ts';
import { type LedgerEntryRow, ledgerEntries } from '../../wallet/schema.ts';
import { getWallet } from '../../wallet/wallet.ts';
import { recordPlayed } from '../played.ts';
import { type ProviderWinRow, providerWins } from '../schema.ts';
import { ProviderError } from './errors.ts';
import { lockRound, openRound, roundMaxMultiplier, updateRound } from './rounds.ts';
import type { ProviderAnswer, ProviderPlayer, SeamlessWallet } from './types.ts';

/** Ledger reference of a provider movement: `{provider}:{transactionId}` (rollbacks add `:rollback`). */
export const providerReference = (provider: string, transactionId: string): string => `${provider}:${transactionId}`;

/** The ledger row of `reference` of this player's `type`, if written. */
async function ledgerEntry(tx: Db, player: ProviderPlayer, type: LedgerEntryRow['type'], reference: string): Promise<LedgerEntryRow | null> {
  const [row] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, player.tenantId), eq(ledgerEntries.type, type), eq(ledgerEntries.reference, reference)))
    .limit(1);
  return row ?? null;
}

/**
 * The live stakes of a provider round: its `bet` debits of this player not
 * rolled back. A win is credited in the shares they were paid with
 * (bonuses/win-shares.ts).
 */
export async function roundStakes(tx: Db, player: ProviderPlayer, provider: string, roundId: string): Promise<LedgerEntryRow[]> {
  return tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, player.tenantId),
        eq(ledgerEntries.userId, player.userId),
        eq(ledgerEntries.type, 'bet'),
        lt(ledgerEntries.amount, 0n),
        sql`${ledgerEntries.metadata}->>'provider' = ${provider} and ${ledgerEntries.metadata}->>'round_id' = ${roundId}`,
        sql`not exists (select 1 from ledger_entries r where r.tenant_id = ${player.tenantId} and r.type = 'bet' and r.reference = ${ledgerEntries.reference} || ':rollback')`,
      ),
    );
}

/**
 * The seamless wallet of one provider, on the ledger (`applyMovement`) and
 * the provider's rounds (`provider_rounds`, ./rounds.ts). Each call is one
 * transaction that locks the round first, then the wallet (the ledger's
 * lock), so concurrent calls on a round run one after the other:
 * - bet → `bet` debit, reference `{provider}:{transactionId}`, metadata
 *   { game, provider, round_id } (listed by `/wallet/bets`); opens the round
 *   (owned by that player and game). Refused for a self-excluded player and
 *   on a settled round.
 * - win → only for a known round of this player (and game, when named) with
 *   a live stake, else `bet_not_found`; settles the round; a `win` credit
 *   with the same reference scheme (a 0 win moves nothing), unless the
 *   round's payouts would pass the game's maximum multiplier × its stake:
 *   then the win is held (`provider_wins`) for an operator.
 * - rollback → reverses exactly the referenced movement, once (reference
 *   `…:rollback`, metadata.refund_of = the original's reference, so
 *   `/wallet/bets` marks it refunded): a stake of a round not yet settled
 *   comes back as it was spent; a win is taken back if the balance (and its
 *   withdrawable part) still holds it, else refused with `insufficient_funds`.
 * Wins and stakes given back are credited in the shares the stakes were paid
 * with (cash, running bonuses: bonuses/win-shares.ts, docs/rewards.md).
 * Replays are answered before any other check (a replay reports what was
 * done, whatever happened since); the ledger's unique (tenant, type,
 * reference) index makes concurrent duplicates move money once. Ledger
 * lines are logged after commit (logLedgerEntry); with `live`, a rank-up a
 * bet brought is published then too.
 */
export function createSeamlessWallet(db: Db, provider: string, log?: Pick<Logger, 'info'>, now: () => Date = () => new Date(), live?: LiveNotificationDeps): SeamlessWallet {
  const answer = (balance: bigint, replayed: boolean): ProviderAnswer => ({
    balance: Number(balance),
    replayed,
  });
  const currentBalance = async (tx: Db, player: ProviderPlayer) => (await getWallet(tx, player.tenantId, player.userId))?.balance ?? 0n;
  /** Runs `work` in one transaction, then logs the ledger rows it wrote and, with `live`, publishes a bet's rank-up. */
  const inTransaction = (work: (tx: Db, move: (input: MovementInput) => Promise<MovementResult>) => Promise<ProviderAnswer>) => inLoggedTransaction(db, log, work, live);

  return {
    async balance(player) {
      if (!(await findUserById(db, player.tenantId, player.userId))) throw new ProviderError('player_not_found');
      return { balance: Number(await currentBalance(db, player)) };
    },

    bet(player, bet) {
      return inTransaction(async (tx, move) => {
        const reference = providerReference(provider, bet.transactionId);
        const input: MovementInput = {
          ...player,
          type: 'bet',
          amount: -bet.amount,
          reference,
          metadata: { game: bet.game, provider, round_id: bet.roundId },
        };
        // A retry of a bet already taken answers as the first time (or 409 for another amount).
        if (await ledgerEntry(tx, player, 'bet', reference)) return answer((await move(input)).wallet.balance, true);
        const user = await findUserById(tx, player.tenantId, player.userId);
        if (!user) throw new ProviderError('player_not_found');
        if (isSelfExcluded(user, now())) throw new ProviderError('player_self_excluded');
        // A game opened before the operator blocked the account takes no new bet (server/features/players/block.ts).
        if (user.blockedAt) throw new ProviderError('player_blocked');
        // The player's own limits and pause (responsible-gaming/enforce.ts), under their lock, before the round or the wallet moves.
        await assertWagerAllowed(tx, { tenantId: player.tenantId, userId: player.userId, amount: bet.amount, now: now() });
        const round = await openRound(tx, {
          ...player,
          provider,
          roundId: bet.roundId,
          game: bet.game,
          gameId: bet.gameId ?? null,
        });
        if (round.userId !== player.userId) throw new ProviderError('round_conflict');
        if (round.settledAt) throw new ProviderError('round_settled');
        const moved = await move(input);
        if (!moved.replayed) await updateRound(tx, round.id, { stake: BigInt(bet.amount) });
        // A bet is a round placed: the game joins the player's recent games ("Jogado por último").
        if (!moved.replayed && bet.gameId) await recordPlayed(tx, { tenantId: player.tenantId, userId: player.userId, providerCode: provider, game: bet.gameId });
        return answer(moved.wallet.balance, moved.replayed);
      });
    },

    win(player, win) {
      return inTransaction(async (tx, move) => {
        const round = await lockRound(tx, {
          tenantId: player.tenantId,
          provider,
          roundId: win.roundId,
        });
        const sameGame = round && (!win.gameId || !round.gameId || win.gameId === round.gameId) && (!win.game || win.game === round.game);
        if (!round || round.userId !== player.userId || !sameGame) throw new ProviderError('bet_not_found');
        const reference = providerReference(provider, win.transactionId);
        const input: MovementInput = {
          ...player,
          type: 'win',
          amount: win.amount,
          reference,
          metadata: { game: round.game, provider, round_id: win.roundId },
        };
        if (win.amount > 0 && (await ledgerEntry(tx, player, 'win', reference))) return answer((await move(input)).wallet.balance, true);
        const held = await heldWin(tx, player.tenantId, win.transactionId);
        if (held) {
          if (held.userId !== player.userId || held.amount !== BigInt(win.amount)) throw new ProviderError('reference_conflict');
          return {
            ...answer(await currentBalance(tx, player), true),
            ...(held.status === 'held' ? { held: true as const } : {}),
          };
        }
        // Every stake of the round was rolled back: there is no bet left to pay.
        if (round.stake === 0n) throw new ProviderError('bet_not_found');
        if (win.amount === 0) {
          await updateRound(tx, round.id, { settle: true });
          return answer(await currentBalance(tx, player), false);
        }
        const maxMultiplier = await roundMaxMultiplier(tx, round);
        if (round.paid + BigInt(win.amount) > BigInt(maxMultiplier) * round.stake) {
          await tx.insert(providerWins).values({
            tenantId: player.tenantId,
            userId: player.userId,
            roundId: round.id,
            provider,
            transactionId: win.transactionId,
            amount: BigInt(win.amount),
            stake: round.stake,
            maxMultiplier,
          });
          await updateRound(tx, round.id, { settle: true });
          return {
            ...answer(await currentBalance(tx, player), false),
            held: true,
          };
        }
        // In the shares the round's stakes were paid with: a running bonus's share stays its money (docs/rewards.md).
        const moved = await creditStake(tx, move, { kind: 'win', movement: input, stakes: await roundStakes(tx, player, provider, win.roundId), now: now() });
        await updateRound(tx, round.id, {
          paid: BigInt(win.amount),
          settle: true,
        });
        return answer(moved.wallet.balance, moved.replayed);
      });
    },

    rollback(player, input) {
      return inTransaction(async (tx, move) => {
        const reference = providerReference(provider, input.transactionId);
        const [original] = await tx
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.tenantId, player.tenantId),
              eq(ledgerEntries.userId, player.userId),
              eq(ledgerEntries.reference, reference),
              or(and(eq(ledgerEntries.type, 'bet'), lt(ledgerEntries.amount, 0n)), and(eq(ledgerEntries.type, 'win'), gt(ledgerEntries.amount, 0n))),
            ),
          )
          .limit(1);
        if (!original) return rollbackHeldWin(tx, player, input.transactionId);
        const roundId = String(original.metadata.round_id ?? '');
        const round = await lockRound(tx, {
          tenantId: player.tenantId,
          provider,
          roundId,
        });
        const reversal: MovementInput = {
          ...player,
          type: original.type,
          amount: -original.amount,
          withdrawableDelta: -original.withdrawableDelta,
          reference: `${reference}:rollback`,
          metadata: { ...original.metadata, refund_of: reference },
        };
        if (await ledgerEntry(tx, player, original.type, `${reference}:rollback`)) return answer((await move(reversal)).wallet.balance, true);
        if (original.type === 'bet' && round?.settledAt) throw new ProviderError('round_settled');
        // A stake comes back in the shares it was paid with, a win is taken back in the shares it was given (bonuses/win-shares.ts).
        const undo = { ...player, type: original.type, amount: -original.amount, reference: reversal.reference, metadata: reversal.metadata };
        const moved =
          original.type === 'bet'
            ? await creditStake(tx, move, { kind: 'refund', movement: undo, stakes: [original], now: now() })
            : await reverseCredit(tx, move, { original, movement: undo, now: now() });
        if (round) await updateRound(tx, round.id, original.type === 'bet' ? { stake: original.amount } : { paid: -original.amount });
        return answer(moved.wallet.balance, moved.replayed);
      });
    },
  };

  /** A rollback of a win that was held, not credited: the hold is closed (`rolled_back`) and nothing moves. */
  async function rollbackHeldWin(tx: Db, player: ProviderPlayer, transactionId: string): Promise<ProviderAnswer> {
    const held = await heldWin(tx, player.tenantId, transactionId, { lock: true });
    if (!held || held.userId !== player.userId) throw new ProviderError('transaction_not_found');
    if (held.status === 'held') await tx.update(providerWins).set({ status: 'rolled_back', reviewedAt: now() }).where(eq(providerWins.id, held.id));
    return answer(await currentBalance(tx, player), held.status !== 'held');
  }

  /** This provider's held win of `transactionId` in the tenant (whoever's: callers check the player), or null. */
  async function heldWin(tx: Db, tenantId: number, transactionId: string, opts: { lock?: boolean } = {}): Promise<ProviderWinRow | null> {
    const query = tx
      .select()
      .from(providerWins)
      .where(and(eq(providerWins.tenantId, tenantId), eq(providerWins.provider, provider), eq(providerWins.transactionId, transactionId)));
    const [row] = opts.lock ? await query.for('update') : await query;
    return row ?? null;
  }
}
