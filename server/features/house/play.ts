import { eq, sql } from 'drizzle-orm';
import { HOUSE_PROVIDER_CODE, type HouseParams, type HouseRoundView } from '../../../src/contract/casino.ts';
import { HOUSE_MAX_PAYOUT } from '../../../src/contract/house.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { recordPlayed } from '../casino/played.ts';
import { assertWagerAllowed } from '../responsible-gaming/enforce.ts';
import { inLoggedTransaction } from '../wallet/ledger-log.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { houseActorKey } from './actor-key.ts';
import type { HouseDeps } from './deps.ts';
import { decideRound, payoutFor } from './games/outcome.ts';
import { HOUSE_GAME_TITLES } from './limits.ts';
import { HOUSE_MESSAGES } from './messages.ts';
import { publishRound } from './publish-round.ts';
import { houseBetReference, houseWinReference } from './references.ts';
import { toRoundView } from './rounds.ts';
import { houseRounds, houseSeeds } from './schema.ts';
import { lockActivePair } from './seeds.ts';

/** The contract's payout cap as the ledger's bigint centavos. */
const MAX_PAYOUT = BigInt(HOUSE_MAX_PAYOUT);

export interface PlayInput {
  game: HouseParams;
  /** Validated stake in centavos (HouseAmountSchema). */
  amount: number;
  demo: boolean;
}

export interface PlayAnswer {
  round: HouseRoundView;
  /** The wallet after a real-money round. */
  wallet?: WalletView;
}

/**
 * Plays one round. In ONE transaction: lock the actor's active seed pair,
 * take its nonce, decide the outcome from the seeds (nothing else), store
 * the round, debit the stake (`bet`, reference `house:{id}`), credit the
 * payout (`win`, `house:{id}:win`, only when > 0) and increment the nonce.
 * Insufficient funds roll it all back: no round, nonce not consumed.
 * Demo rounds use the same seeds and are stored, but move no money.
 * After the commit, real-money rounds publish BetPlaced (tenant channel)
 * and BalanceUpdated (player channel), and a rank-up the stake brought its
 * NotificationSent (player channel); failures there are only logged.
 *
 * @throws UnauthorizedError (401) for real money without a logged-in player, or without any actor.
 * @throws InsufficientFundsError (422) when the stake exceeds the balance.
 * @throws ResponsibleGamingError (403) during a pause, past the session-time limit or a wager/loss limit.
 */
export async function playRound(deps: HouseDeps, ctx: { tenant: TenantContext; actor: Actor | null }, input: PlayInput): Promise<PlayAnswer> {
  const actorKey = houseActorKey(ctx.actor);
  const player = ctx.actor?.kind === 'user' ? ctx.actor : null;
  if (!input.demo && !player) throw new UnauthorizedError('unauthenticated', { message: HOUSE_MESSAGES.loginForRealMoney });
  const tenantId = ctx.tenant.id;
  const title = HOUSE_GAME_TITLES[input.game.game];

  const played = await inLoggedTransaction(deps.db, deps.log, async (tx, move) => {
    // The player's own limits and pause, checked under their lock before anything is written (responsible-gaming/enforce.ts).
    if (!input.demo && player) await assertWagerAllowed(tx, { tenantId, userId: player.userId, amount: input.amount, now: new Date() });
    const seed = await lockActivePair(tx, { tenantId, actorKey });
    const { outcome, multiplier } = decideRound({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce }, input.game);
    const amount = BigInt(input.amount);
    const payout = payoutFor(amount, multiplier, MAX_PAYOUT);
    const [round] = await tx
      .insert(houseRounds)
      .values({
        tenantId,
        userId: player?.userId ?? null,
        actorKey,
        game: input.game.game,
        demo: input.demo,
        amount,
        payout,
        multiplier,
        params: input.game.params as unknown as Record<string, unknown>,
        outcome: outcome as unknown as Record<string, unknown>,
        seedId: seed.id,
        nonce: seed.nextNonce,
      })
      .returning();
    if (!round) throw new Error('round insert returned no row');
    let wallet: WalletView | undefined;
    if (!input.demo && player) {
      const metadata = { game: title, provider: HOUSE_PROVIDER_CODE, round_id: round.id };
      const bet = await move({ tenantId, userId: player.userId, type: 'bet', amount: -amount, reference: houseBetReference(round.id), metadata });
      wallet = toWalletView(bet.wallet);
      if (payout > 0n) {
        const win = await move({ tenantId, userId: player.userId, type: 'win', amount: payout, reference: houseWinReference(round.id), metadata });
        wallet = toWalletView(win.wallet);
      }
    }
    // A round (real or demo) is what makes the game "played" for a player's recent games; a guest has none.
    if (player) await recordPlayed(tx, { tenantId, userId: player.userId, providerCode: HOUSE_PROVIDER_CODE, game: input.game.game });
    await tx
      .update(houseSeeds)
      .set({ nextNonce: sql`${houseSeeds.nextNonce} + 1` })
      .where(eq(houseSeeds.id, seed.id));
    return { round: toRoundView(round, { ...seed, revealedAt: null }), wallet };
  }, deps);

  if (!input.demo && player && played.wallet) {
    await publishRound(deps, { tenant: ctx.tenant, player, round: played.round, wallet: played.wallet });
  }
  return played.wallet ? { round: played.round, wallet: played.wallet } : { round: played.round };
}
