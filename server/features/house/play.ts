import { HOUSE_PROVIDER_CODE, type HouseParams, type HouseRoundView } from '../../../src/contract/casino.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { creditStake } from '../bonuses/win-shares.ts';
import { recordPlayed } from '../casino/played.ts';
import { assertWagerAllowed } from '../responsible-gaming/enforce.ts';
import { inLoggedTransaction } from '../wallet/ledger-log.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { houseActorKey } from './actor-key.ts';
import type { HouseDeps } from './deps.ts';
import { drawRound } from './draw.ts';
import { HOUSE_GAME_TITLES } from './limits.ts';
import { HOUSE_MESSAGES } from './messages.ts';
import { publishRound } from './publish-round.ts';
import { houseBetReference, houseWinReference } from './references.ts';

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
 * payout (`win`, `house:{id}:win`, only when > 0; a running bonus's share of
 * the stake wins bonus money: bonuses/win-shares.ts) and increment the nonce.
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
    const { row: round, view } = await drawRound(tx, { tenantId, actorKey, userId: player?.userId ?? null, game: input.game, demo: input.demo, amount: BigInt(input.amount) });
    const amount = round.amount;
    const payout = round.payout;
    let wallet: WalletView | undefined;
    if (!input.demo && player) {
      const metadata = { game: title, provider: HOUSE_PROVIDER_CODE, round_id: round.id };
      const bet = await move({ tenantId, userId: player.userId, type: 'bet', amount: -amount, reference: houseBetReference(round.id), metadata });
      wallet = toWalletView(bet.wallet);
      if (payout > 0n) {
        // Credited in the shares the stake was paid with: a running bonus's share stays its money (docs/rewards.md).
        const win = await creditStake(tx, move, {
          kind: 'win',
          movement: { tenantId, userId: player.userId, type: 'win', amount: payout, reference: houseWinReference(round.id), metadata },
          stakes: [bet.entry],
        });
        wallet = toWalletView(win.wallet);
      }
    }
    // A round (real or demo) is what makes the game "played" for a player's recent games; a guest has none.
    if (player) await recordPlayed(tx, { tenantId, userId: player.userId, providerCode: HOUSE_PROVIDER_CODE, game: input.game.game });
    return { round: view, wallet };
  }, deps);

  if (!input.demo && player && played.wallet) {
    await publishRound(deps, { tenant: ctx.tenant, player, round: played.round, wallet: played.wallet });
  }
  return played.wallet ? { round: played.round, wallet: played.wallet } : { round: played.round };
}
