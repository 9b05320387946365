import { and, count, desc, eq } from 'drizzle-orm';
import type { PagedList } from '../../../../src/contract/wallet.ts';
import type { Db } from '../../../db/open.ts';
import { DomainError, NotFoundError } from '../../../http/errors.ts';
import { creditStake } from '../../bonuses/win-shares.ts';
import type { Logger } from '../../../logger.ts';
import { inLoggedTransaction } from '../../wallet/ledger-log.ts';
import type { MovementResult } from '../../wallet/movement.ts';
import { type ProviderWinRow, type ProviderWinStatus, providerRounds, providerWins } from '../schema.ts';
import { lockRound, updateRound } from './rounds.ts';
import { providerReference, roundStakes } from './service.ts';

const MESSAGES = {
  notFound: { pt: 'Prêmio retido não encontrado.', en: 'Held win not found.' },
  notHeld: {
    pt: 'Este prêmio já foi revisado.',
    en: 'This win has already been reviewed.',
  },
};

/** 404 for a win that is missing or another tenant's (the same answer for both). */
const notFound = (): NotFoundError => new NotFoundError('provider_win_not_found', { message: MESSAGES.notFound });

const PAGE_SIZE = 20;

/** A held aggregator win as the operator API shows it (centavos). */
export interface ProviderWinView {
  id: number;
  player_id: number;
  provider: string;
  round_id: string;
  transaction_id: string;
  game: string;
  amount: number;
  stake: number;
  max_multiplier: number;
  status: ProviderWinStatus;
  created_at: string;
  reviewed_at: string | null;
}

async function viewsOf(db: Db, where: ReturnType<typeof and>, page: number): Promise<ProviderWinView[]> {
  const rows = await db
    .select({
      win: providerWins,
      roundId: providerRounds.roundId,
      game: providerRounds.game,
    })
    .from(providerWins)
    .innerJoin(providerRounds, eq(providerWins.roundId, providerRounds.id))
    .where(where)
    .orderBy(desc(providerWins.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return rows.map(({ win, roundId, game }) => ({
    id: win.id,
    player_id: win.userId,
    provider: win.provider,
    round_id: roundId,
    transaction_id: win.transactionId,
    game,
    amount: Number(win.amount),
    stake: Number(win.stake),
    max_multiplier: win.maxMultiplier,
    status: win.status,
    created_at: win.createdAt.toISOString(),
    reviewed_at: win.reviewedAt?.toISOString() ?? null,
  }));
}

/** The tenant's held (or reviewed) aggregator wins, newest first, optionally of one status. */
export async function listProviderWins(db: Db, q: { tenantId: number; status: ProviderWinStatus | null; page: number }): Promise<PagedList<ProviderWinView>> {
  const where = and(eq(providerWins.tenantId, q.tenantId), q.status ? eq(providerWins.status, q.status) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(providerWins).where(where);
  return {
    data: await viewsOf(db, where, q.page),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
  };
}

/** One win of the tenant as the operator sees it. @throws NotFoundError (another tenant's too). */
export async function providerWinView(db: Db, tenantId: number, id: number): Promise<ProviderWinView> {
  const [view] = await viewsOf(db, and(eq(providerWins.tenantId, tenantId), eq(providerWins.id, id)), 1);
  if (!view) throw notFound();
  return view;
}

/**
 * Closes a held win: `approve` credits it through the ledger with the
 * reference the win would have had (`{provider}:{transaction}`, so it can
 * never be credited twice, and a later provider rollback of it finds it);
 * `reject` moves nothing. Locks the round, then the win, then (approval)
 * the wallet, the seamless wallet's order.
 * @throws NotFoundError 404 (another tenant's win too); DomainError 409 `provider_win_not_held` when already reviewed or rolled back.
 * @returns the ledger movement of an approval (null for a rejection), for the balance announcement.
 */
export async function reviewProviderWin(
  db: Db,
  input: {
    tenantId: number;
    id: number;
    decision: 'approve' | 'reject';
    log?: Pick<Logger, 'info'>;
  },
): Promise<{ win: ProviderWinRow; moved: MovementResult | null }> {
  const [peek] = await db
    .select({ win: providerWins, roundId: providerRounds.roundId })
    .from(providerWins)
    .innerJoin(providerRounds, eq(providerWins.roundId, providerRounds.id))
    .where(and(eq(providerWins.tenantId, input.tenantId), eq(providerWins.id, input.id)));
  if (!peek) throw notFound();
  return inLoggedTransaction(db, input.log, async (tx, move) => {
    const round = await lockRound(tx, {
      tenantId: input.tenantId,
      provider: peek.win.provider,
      roundId: peek.roundId,
    });
    const [win] = await tx.select().from(providerWins).where(eq(providerWins.id, input.id)).for('update');
    if (!win || !round) throw notFound();
    if (win.status !== 'held')
      throw new DomainError('provider_win_not_held', 409, undefined, {
        message: MESSAGES.notHeld,
        details: { status: win.status },
      });
    let moved: MovementResult | null = null;
    if (input.decision === 'approve') {
      // Credited as the win would have been: in the shares the round's stakes were paid with (bonuses/win-shares.ts).
      const player = { tenantId: win.tenantId, userId: win.userId };
      moved = await creditStake(tx, move, {
        kind: 'win',
        movement: {
          ...player,
          type: 'win',
          amount: win.amount,
          reference: providerReference(win.provider, win.transactionId),
          metadata: {
            game: round.game,
            provider: win.provider,
            round_id: round.roundId,
            approved_hold: win.id,
          },
        },
        stakes: await roundStakes(tx, player, win.provider, round.roundId),
      });
      await updateRound(tx, round.id, { paid: win.amount });
    }
    const [reviewed] = await tx
      .update(providerWins)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'rejected',
        reviewedAt: new Date(),
      })
      .where(eq(providerWins.id, win.id))
      .returning();
    return { win: reviewed!, moved };
  });
}
