import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { HOUSE_PROVIDER_CODE } from '../../../src/contract/casino.ts';
import type { MissionKind, MissionScope } from '../../../src/contract/missions.ts';
import type { Db } from '../../db/open.ts';
import { gameProviders, games, providerRounds } from '../casino/schema.ts';
import { houseRounds } from '../house/schema.ts';
import { type LedgerEntryRow, ledgerEntries } from '../wallet/schema.ts';
import { missions, playerMissions } from './schema.ts';

/** The provider code sports bets count under in a mission's scope (category `sports`). */
export const SPORTS_PROVIDER = 'sportsbook';
export const SPORTS_CATEGORY = 'sports';

/** What one real event means for missions. */
type MissionEvent =
  /** A stake placed (`sign` 1) or given back (`sign` -1): wager and rounds missions. */
  | { kind: 'stake'; sign: 1 | -1; amount: number; sports: boolean }
  /** A casino win credited: multiplier missions. */
  | { kind: 'win'; amount: number }
  /** A Pix deposit credited: deposit missions. */
  | { kind: 'deposit'; amount: number };

/** The game a stake or win was made on, as scopes name it. */
interface Played {
  provider: string | null;
  gamecode: string | null;
  category: string | null;
}

/** A player's open mission (accepted, not completed) of a kind. */
interface OpenMission {
  id: number;
  kind: MissionKind;
  target: number;
  scope: MissionScope | null;
}

/**
 * The mission hook of the ledger: called by the wager hook
 * (wallet/on-wager.ts `onLedgerEntry`) for every ledger row written, inside
 * its transaction, so progress moves with the money or not at all (a bet
 * rolled back by an error leaves none; a replayed movement never reaches
 * here). Only the player's ACCEPTED, not yet completed missions of an active
 * mission inside its window move:
 * - `bet` debit, `sports_bet` debit, a `sports_rollback` debit that undoes a
 *   refund: a stake (wager + amount, rounds + 1);
 * - `bet` credit (an aggregator's rollback), `sports_refund` credit,
 *   `sports_rollback` credit: a stake given back (wager − amount, rounds − 1,
 *   never below 0; also outside the window, as the stake counted inside it);
 * - `win` credit: the round's multiplier (house round: its result;
 *   aggregator round: everything paid on it over its stake), kept when higher;
 * - `deposit` credit (the Pix credit): deposit + amount.
 * Scoped missions count only the stakes and wins whose game matches.
 */
export async function missionsOnLedgerEntry(tx: Db, entry: LedgerEntryRow): Promise<void> {
  const event = await eventOf(tx, entry);
  if (!event) return;
  const kinds: MissionKind[] = event.kind === 'stake' ? ['wager', 'rounds'] : event.kind === 'win' ? ['multiplier'] : ['deposit'];
  const open = await openMissions(tx, entry.tenantId, entry.userId, kinds, event.kind === 'stake' && event.sign < 0);
  if (open.length === 0) return;

  let played: Played | null = null;
  if (event.kind !== 'deposit') played = await playedOf(tx, entry, event.kind === 'stake' && event.sports, open);
  let multiplier: number | null = null;
  for (const mission of open) {
    if (played && !scopeMatches(mission.scope, played)) continue;
    if (event.kind === 'stake') {
      await advance(tx, mission, mission.kind === 'wager' ? event.sign * event.amount : event.sign, 'add');
    } else if (event.kind === 'deposit') {
      await advance(tx, mission, event.amount, 'add');
    } else {
      multiplier ??= await winMultiplier(tx, entry, event.amount);
      if (multiplier > 0) await advance(tx, mission, multiplier, 'max');
    }
  }
}

/** A chat message was posted (chat/post-message.ts, in its transaction): chat missions + 1. */
export async function missionsOnChatMessage(tx: Db, input: { tenantId: number; userId: number }): Promise<void> {
  for (const mission of await openMissions(tx, input.tenantId, input.userId, ['chat'], false)) await advance(tx, mission, 1, 'add');
}

/** What a ledger row is for missions, from its type and sign (see missionsOnLedgerEntry). */
async function eventOf(tx: Db, entry: LedgerEntryRow): Promise<MissionEvent | null> {
  const debit = entry.amount < 0n;
  const amount = Number(debit ? -entry.amount : entry.amount);
  if (amount === 0) return null;
  switch (entry.type) {
    case 'bet':
      return { kind: 'stake', sign: debit ? 1 : -1, amount, sports: false };
    case 'sports_bet':
      return debit ? { kind: 'stake', sign: 1, amount, sports: true } : null;
    case 'sports_refund':
      return debit ? null : { kind: 'stake', sign: -1, amount, sports: true };
    case 'sports_rollback':
      if (!debit) return { kind: 'stake', sign: -1, amount, sports: true };
      return (await undoesRefund(tx, entry)) ? { kind: 'stake', sign: 1, amount, sports: true } : null;
    case 'win':
      return debit ? null : { kind: 'win', amount };
    case 'deposit':
      return debit ? null : { kind: 'deposit', amount };
    default:
      return null;
  }
}

/** True when this `sports_rollback` debit takes back a `sports_refund` (its stake counts again), not a win. */
async function undoesRefund(tx: Db, entry: LedgerEntryRow): Promise<boolean> {
  const of = entry.metadata.rollback_of;
  if (typeof of !== 'string') return false;
  const [original] = await tx
    .select({ type: ledgerEntries.type })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, entry.tenantId), eq(ledgerEntries.userId, entry.userId), eq(ledgerEntries.reference, of), inArray(ledgerEntries.type, ['sports_refund', 'sports_win'])))
    .limit(1);
  return original?.type === 'sports_refund';
}

/**
 * The player's missions of `kinds` that are accepted and not completed, of an
 * active mission; inside its window, except for a stake given back (`anyTime`).
 */
async function openMissions(tx: Db, tenantId: number, userId: number, kinds: MissionKind[], anyTime: boolean): Promise<OpenMission[]> {
  const now = sql`now()`;
  return tx
    .select({ id: playerMissions.id, kind: missions.kind, target: missions.target, scope: missions.scope })
    .from(playerMissions)
    .innerJoin(missions, eq(missions.id, playerMissions.missionId))
    .where(
      and(
        eq(playerMissions.tenantId, tenantId),
        eq(playerMissions.userId, userId),
        isNull(playerMissions.completedAt),
        eq(missions.active, true),
        inArray(missions.kind, kinds),
        anyTime ? undefined : and(or(isNull(missions.startsAt), lte(missions.startsAt, now)), or(isNull(missions.endsAt), gt(missions.endsAt, now))),
      ),
    );
}

/**
 * Moves one player mission: `add` adds `value` (negative to take off),
 * `max` keeps the larger; clamped to 0..target, and completed (completed_at
 * set, once: only a row not completed moves) when it reaches the target.
 * Marks it for the `MissionProgress` publisher (publish.ts).
 */
async function advance(tx: Db, mission: OpenMission, value: number, how: 'add' | 'max'): Promise<void> {
  const next =
    how === 'add'
      ? sql`least(${mission.target}::bigint, greatest(0::bigint, ${playerMissions.progress} + ${value}::bigint))`
      : sql`least(${mission.target}::bigint, greatest(${playerMissions.progress}, ${value}::bigint))`;
  await tx
    .update(playerMissions)
    .set({
      progress: next,
      completedAt: sql`case when ${next} >= ${mission.target}::bigint then now() else null end`,
      publishPending: true,
      updatedAt: sql`now()`,
    })
    .where(and(eq(playerMissions.id, mission.id), isNull(playerMissions.completedAt)));
}

/** Whether every part the scope names matches the game played (no scope: any game). */
export function scopeMatches(scope: MissionScope | null, played: Played): boolean {
  if (!scope) return true;
  if (scope.provider !== undefined && scope.provider !== played.provider) return false;
  if (scope.category !== undefined && scope.category !== played.category) return false;
  if (scope.game !== undefined) {
    const key = scope.game.includes('/') ? scope.game : `${HOUSE_PROVIDER_CODE}/${scope.game}`;
    if (played.gamecode === null || key !== `${played.provider}/${played.gamecode}`) return false;
  }
  return true;
}

/**
 * The game of a stake or win: sports bets are the `sportsbook` provider in
 * the `sports` category; a casino row names its provider and round in its
 * metadata (house rounds: `house_rounds.game`; aggregator rounds: the
 * catalogue game of the round's `game_id`, else of the game it names).
 * Looked up only when a mission has a scope that needs it.
 */
async function playedOf(tx: Db, entry: LedgerEntryRow, sports: boolean, open: OpenMission[]): Promise<Played> {
  if (sports) return { provider: SPORTS_PROVIDER, gamecode: null, category: SPORTS_CATEGORY };
  const provider = typeof entry.metadata.provider === 'string' ? entry.metadata.provider : null;
  const needsGame = open.some((m) => m.scope && (m.scope.game !== undefined || m.scope.category !== undefined));
  if (!needsGame || !provider) return { provider, gamecode: null, category: null };
  const roundId = entry.metadata.round_id;
  let gamecode: string | null = null;
  let gameId: string | null = null;
  if (provider === HOUSE_PROVIDER_CODE) {
    const id = Number(roundId);
    if (Number.isSafeInteger(id)) {
      const [round] = await tx.select({ game: houseRounds.game }).from(houseRounds).where(and(eq(houseRounds.id, id), eq(houseRounds.tenantId, entry.tenantId)));
      gamecode = round?.game ?? null;
    }
  } else if (roundId !== undefined && roundId !== null) {
    const [round] = await tx
      .select({ gameId: providerRounds.gameId, game: providerRounds.game })
      .from(providerRounds)
      .where(and(eq(providerRounds.tenantId, entry.tenantId), eq(providerRounds.provider, provider), eq(providerRounds.roundId, String(roundId))));
    gameId = round?.gameId ?? null;
  }
  const named = typeof entry.metadata.game === 'string' ? entry.metadata.game : null;
  const [game] = await tx
    .select({ gamecode: games.gamecode, category: games.categorySlug })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        eq(games.tenantId, entry.tenantId),
        eq(gameProviders.code, provider),
        gamecode ? eq(games.gamecode, gamecode) : gameId ? eq(games.gameId, gameId) : named ? or(eq(games.gameId, named), eq(games.gamecode, named.toLowerCase())) : sql`false`,
      ),
    )
    .limit(1);
  return { provider, gamecode: game?.gamecode ?? gamecode, category: game?.category ?? null };
}

/**
 * The multiplier (×100, rounded down) of the round a `win` credit pays:
 * a house round's own result; an aggregator round's payouts so far plus this
 * win over its stakes (the win is credited before the round's `paid` moves).
 * 0 when the round is not found.
 */
async function winMultiplier(tx: Db, entry: LedgerEntryRow, amount: number): Promise<number> {
  const provider = typeof entry.metadata.provider === 'string' ? entry.metadata.provider : null;
  const roundId = entry.metadata.round_id;
  if (!provider || roundId === undefined || roundId === null) return 0;
  if (provider === HOUSE_PROVIDER_CODE) {
    const id = Number(roundId);
    if (!Number.isSafeInteger(id)) return 0;
    const [round] = await tx.select({ multiplier: houseRounds.multiplier }).from(houseRounds).where(and(eq(houseRounds.id, id), eq(houseRounds.tenantId, entry.tenantId)));
    // house_rounds.multiplier is in 1/10 000.
    return round ? Math.floor(round.multiplier / 100) : 0;
  }
  const [round] = await tx
    .select({ stake: providerRounds.stake, paid: providerRounds.paid })
    .from(providerRounds)
    .where(and(eq(providerRounds.tenantId, entry.tenantId), eq(providerRounds.provider, provider), eq(providerRounds.roundId, String(roundId))));
  if (!round || round.stake <= 0n) return 0;
  return Number(((round.paid + BigInt(amount)) * 100n) / round.stake);
}
