import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { HOUSE_PROVIDER_CODE, type HouseParams, type HouseRoundView } from '../../../src/contract/casino.ts';
import type { FreeRoundPlayed } from '../../../src/contract/house.ts';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../src/contract/realtime.ts';
import type { WalletView } from '../../../src/contract/wallet.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { DomainError, UnauthorizedError } from '../../http/errors.ts';
import { grantBonus } from '../bonuses/grant.ts';
import { toPlayerBonusView } from '../bonuses/present.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { coupons } from '../bonuses/schema.ts';
import { recordPlayed } from '../casino/played.ts';
import { houseActorKey } from '../house/actor-key.ts';
import type { HouseDeps } from '../house/deps.ts';
import { drawRound } from '../house/draw.ts';
import { HOUSE_GAME_TITLES } from '../house/limits.ts';
import { HOUSE_MESSAGES } from '../house/messages.ts';
import { assertWagerAllowed } from '../responsible-gaming/enforce.ts';
import { getWallet, toWalletView } from '../wallet/wallet.ts';
import { toFreeRoundsView } from './list.ts';
import { FREE_ROUND_MESSAGES } from './messages.ts';
import { type FreeRoundGrantRow, freeRoundGrants, freeRoundPlays } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 409 `no_free_rounds`: the player has no free round of this game left (none given, all played, or expired). */
export class NoFreeRoundsError extends DomainError {
  constructor() {
    super('no_free_rounds', 409, undefined, { message: FREE_ROUND_MESSAGES.none, details: { code: 'no_free_rounds' } });
    this.name = 'NoFreeRoundsError';
  }
}

export interface FreeRoundAnswer {
  round: HouseRoundView;
  wallet: WalletView;
  free_round: FreeRoundPlayed;
}

/**
 * Takes one free round of `game` from the player's grants, soonest expiry
 * first: `rounds_left − 1` where it is still > 0 and not expired — under the
 * row lock, so two concurrent plays with one round left consume it once and
 * the second finds none (409). Inside the caller's transaction.
 */
async function consumeFreeRound(tx: HouseDeps['db'], q: { tenantId: number; userId: number; game: HouseParams['game']; now: Date }): Promise<FreeRoundGrantRow> {
  const live = and(
    eq(freeRoundGrants.tenantId, q.tenantId),
    eq(freeRoundGrants.userId, q.userId),
    eq(freeRoundGrants.game, q.game),
    gt(freeRoundGrants.roundsLeft, 0),
    gt(freeRoundGrants.expiresAt, q.now),
  );
  const candidates = await tx.select({ id: freeRoundGrants.id }).from(freeRoundGrants).where(live).orderBy(asc(freeRoundGrants.expiresAt), asc(freeRoundGrants.id));
  for (const { id } of candidates) {
    const [taken] = await tx
      .update(freeRoundGrants)
      .set({ roundsLeft: sql`${freeRoundGrants.roundsLeft} - 1` })
      .where(and(eq(freeRoundGrants.id, id), live))
      .returning();
    if (taken) return taken;
  }
  throw new NoFreeRoundsError();
}

/**
 * Plays one free round (`POST /house/{game}/play {free_round: true, params}`).
 * In ONE transaction: the player's pause, bar and session limits (a stake of
 * 0: the player risks nothing), one round taken from a grant, the round
 * drawn exactly like a paid one (house/draw.ts: same seeds, nonce, outcome,
 * stored with the grant's stake and the payout it makes), a
 * `free_round_plays` row, and a win credited as **bonus money** through
 * grantBonus (source `coupon`, ref `free-round:{round id}`, rollover ⌈win ×
 * the grant's multiplier⌉, expiring `bonus_expires_days` after the win).
 * No `bet` and no `win` ledger row: the player's own money does not move,
 * so bets − wins (GGR) stays that of real money and the operator's cost is
 * the `bonus` row. Nothing counts towards rollover, ranks or VIP points.
 *
 * @throws UnauthorizedError 401 without a logged-in player.
 * @throws RegulatedBonusError 403 on a regulated tenant (Lei 14.790 art. 29).
 * @throws NoFreeRoundsError 409 when no free round of the game is left.
 * @throws ResponsibleGamingError / BarredError 403 as a paid round.
 */
export async function playFreeRound(deps: HouseDeps, ctx: { tenant: TenantContext; actor: Actor | null }, input: { game: HouseParams }): Promise<FreeRoundAnswer> {
  const player = ctx.actor?.kind === 'user' ? ctx.actor : null;
  if (!player) throw new UnauthorizedError('unauthenticated', { message: HOUSE_MESSAGES.loginForRealMoney });
  assertBonusAllowed(ctx.tenant.config);
  const tenantId = ctx.tenant.id;
  const userId = player.userId;
  const game = input.game.game;

  const played = await deps.db.transaction(async (tx) => {
    const now = new Date();
    await assertWagerAllowed(tx, { tenantId, userId, amount: 0, now });
    const grant = await consumeFreeRound(tx, { tenantId, userId, game, now });
    const { row: round, view } = await drawRound(tx, { tenantId, actorKey: houseActorKey(player), userId, game: input.game, demo: false, amount: BigInt(grant.stake) });
    const [coupon] = grant.couponId === null ? [] : await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, grant.couponId));
    const code = coupon?.code ?? null;
    // Language-neutral (the ledger row has one description, GET /wallet/bonuses shows it): the coupon and the game.
    const description = code ? `${code} · ${HOUSE_GAME_TITLES[game]}` : HOUSE_GAME_TITLES[game];
    let bonus = null;
    if (round.payout > 0n) {
      bonus = (
        await grantBonus(tx, {
          tenantId,
          userId,
          source: 'coupon',
          sourceRef: `free-round:${round.id}`,
          amount: Number(round.payout),
          rolloverMultiplier: grant.rolloverMultiplier,
          expiresAt: new Date(now.getTime() + grant.bonusExpiresDays * DAY_MS),
          metadata: {
            description,
            coupon: code,
            provider: HOUSE_PROVIDER_CODE,
            round_id: round.id,
            free_round_grant_id: grant.id,
          },
          now,
        })
      ).bonus;
    }
    await tx.insert(freeRoundPlays).values({ grantId: grant.id, seq: grant.rounds - grant.roundsLeft, roundId: round.id, bonusId: bonus?.id ?? null, createdAt: now });
    await recordPlayed(tx, { tenantId, userId, providerCode: HOUSE_PROVIDER_CODE, game });
    const wallet = toWalletView(await getWallet(tx, tenantId, userId));
    return { round: view, wallet, free_round: { grant: toFreeRoundsView(grant, code), bonus: bonus ? toPlayerBonusView(bonus, description) : null } };
  });

  if (played.free_round.bonus) {
    try {
      await deps.publish([realtimeChannel.actorPrivate(userId)], wireEventName(RealtimeEvent.BalanceUpdated), { wallet: played.wallet });
    } catch (error) {
      deps.log.warn(`free rounds: BalanceUpdated after round ${played.round.id} not sent`, error);
    }
  }
  return played;
}
