import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { findUserById } from '../../users/find-user.ts';
import type { Logger } from '../../../logger.ts';
import { logLedgerEntry } from '../../wallet/ledger-log.ts';
import { applyMovement, type MovementInput, type MovementResult } from '../../wallet/movement.ts';
import { ledgerEntries } from '../../wallet/schema.ts';
import { getWallet } from '../../wallet/wallet.ts';
import type { ProviderAnswer, SeamlessWallet } from './types.ts';

const MESSAGES = {
  playerNotFound: { pt: 'Jogador não encontrado.', en: 'Player not found.' },
  betNotFound: { pt: 'Aposta não encontrada.', en: 'Bet not found.' },
};

/** Ledger reference of a provider movement: `{provider}:{transactionId}` (rollbacks add `:rollback`). */
export const providerReference = (provider: string, transactionId: string): string => `${provider}:${transactionId}`;

/**
 * The seamless wallet of one provider, on the ledger (`applyMovement`):
 * - bet → `bet` debit, reference `{provider}:{transactionId}`, metadata
 *   { game, provider, round_id } (listed by `/wallet/bets`);
 * - win → `win` credit, same reference scheme (a 0 win moves nothing);
 * - rollback → a `bet` CREDIT of the stake, reference
 *   `{provider}:{transactionId}:rollback`, metadata.refund_of = the stake's
 *   reference (so `/wallet/bets` marks the stake refunded), giving back the
 *   withdrawable part exactly as the stake spent it.
 * The ledger's unique (tenant, type, reference) index makes replays and
 * concurrent duplicates move money once. Each movement commits on its own
 * and is then written to `log` (logLedgerEntry).
 */
export function createSeamlessWallet(db: Db, provider: string, log?: Pick<Logger, 'info'>): SeamlessWallet {
  const answer = (balance: bigint, replayed: boolean): ProviderAnswer => ({ balance: Number(balance), replayed });
  const move = async (input: MovementInput): Promise<MovementResult> => {
    const moved = await applyMovement(db, input);
    if (log) logLedgerEntry(log, moved);
    return moved;
  };
  return {
    async balance(player) {
      if (!(await findUserById(db, player.tenantId, player.userId))) throw new NotFoundError('player_not_found', { message: MESSAGES.playerNotFound });
      return { balance: Number((await getWallet(db, player.tenantId, player.userId))?.balance ?? 0n) };
    },
    async bet(player, bet) {
      const moved = await move({
        ...player,
        type: 'bet',
        amount: -bet.amount,
        reference: providerReference(provider, bet.transactionId),
        metadata: { game: bet.game, provider, round_id: bet.roundId },
      });
      return answer(moved.wallet.balance, moved.replayed);
    },
    async win(player, win) {
      if (win.amount === 0) return { ...(await this.balance(player)), replayed: false };
      const moved = await move({
        ...player,
        type: 'win',
        amount: win.amount,
        reference: providerReference(provider, win.transactionId),
        metadata: { ...(win.game ? { game: win.game } : {}), provider, round_id: win.roundId },
      });
      return answer(moved.wallet.balance, moved.replayed);
    },
    async rollback(player, input) {
      const reference = providerReference(provider, input.transactionId);
      const [stake] = await db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.tenantId, player.tenantId),
            eq(ledgerEntries.userId, player.userId),
            eq(ledgerEntries.type, 'bet'),
            eq(ledgerEntries.reference, reference),
            lt(ledgerEntries.amount, 0n),
          ),
        );
      if (!stake) throw new NotFoundError('bet_not_found', { message: MESSAGES.betNotFound });
      const moved = await move({
        ...player,
        type: 'bet',
        amount: -stake.amount,
        withdrawableDelta: -stake.withdrawableDelta,
        reference: `${reference}:rollback`,
        metadata: { ...stake.metadata, refund_of: reference },
      });
      return answer(moved.wallet.balance, moved.replayed);
    },
  };
}
