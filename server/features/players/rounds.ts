import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PlayerRoundView } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { providerRounds } from '../casino/schema.ts';
import { houseRounds } from '../house/schema.ts';
import { sportsBetslips, sportsSelections } from '../sportsbook/schema.ts';

/** Bets the detail shows, all products together. */
export const DETAIL_ROUNDS = 30;

interface Who {
  tenantId: number;
  userId: number;
}

/** Real-money house rounds (demo ones are play money), through the actor index. */
async function house(db: Db, who: Who): Promise<PlayerRoundView[]> {
  const rows = await db
    .select({ id: houseRounds.id, game: houseRounds.game, amount: houseRounds.amount, payout: houseRounds.payout, createdAt: houseRounds.createdAt })
    .from(houseRounds)
    .where(and(eq(houseRounds.tenantId, who.tenantId), eq(houseRounds.actorKey, `user:${who.userId}`), eq(houseRounds.userId, who.userId), eq(houseRounds.demo, false)))
    .orderBy(desc(houseRounds.id))
    .limit(DETAIL_ROUNDS);
  return rows.map((r) => ({ kind: 'house', id: r.id, game: r.game, provider: null, stake: Number(r.amount), payout: Number(r.payout), status: 'settled', createdAt: r.createdAt.toISOString() }));
}

async function casino(db: Db, who: Who): Promise<PlayerRoundView[]> {
  const rows = await db
    .select({ id: providerRounds.id, game: providerRounds.game, provider: providerRounds.provider, stake: providerRounds.stake, paid: providerRounds.paid, settledAt: providerRounds.settledAt, createdAt: providerRounds.createdAt })
    .from(providerRounds)
    .where(and(eq(providerRounds.tenantId, who.tenantId), eq(providerRounds.userId, who.userId)))
    .orderBy(desc(providerRounds.id))
    .limit(DETAIL_ROUNDS);
  return rows.map((r) => ({
    kind: 'casino',
    id: r.id,
    game: r.game,
    provider: r.provider,
    stake: Number(r.stake),
    payout: Number(r.paid),
    status: r.settledAt ? 'settled' : 'open',
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Betslips, named by their events (one query for the selections of them all). */
async function sports(db: Db, who: Who): Promise<PlayerRoundView[]> {
  const slips = await db
    .select({ id: sportsBetslips.id, betType: sportsBetslips.betType, stake: sportsBetslips.stake, payout: sportsBetslips.payout, refunded: sportsBetslips.refunded, status: sportsBetslips.status, placedAt: sportsBetslips.placedAt })
    .from(sportsBetslips)
    .where(and(eq(sportsBetslips.tenantId, who.tenantId), eq(sportsBetslips.userId, who.userId)))
    .orderBy(desc(sportsBetslips.id))
    .limit(DETAIL_ROUNDS);
  if (slips.length === 0) return [];
  const names = await betslipNames(db, slips);
  return slips.map((s) => ({
    kind: 'sports',
    id: s.id,
    game: names.get(s.id)!,
    provider: null,
    stake: Number(s.stake),
    payout: Number(s.payout + s.refunded),
    status: s.status,
    createdAt: s.placedAt.toISOString(),
  }));
}

/**
 * Each betslip's name as staff read it: its events in order, joined by
 * ` + `; a slip without selections is named by its bet type. One query for
 * all the slips given.
 */
export async function betslipNames(db: Db, slips: readonly { id: number; betType: string }[]): Promise<Map<number, string>> {
  const selections =
    slips.length === 0
      ? []
      : await db
          .select({ slip: sportsSelections.betslipRowId, eventName: sportsSelections.eventName })
          .from(sportsSelections)
          .where(inArray(sportsSelections.betslipRowId, slips.map((s) => s.id)))
          .orderBy(sportsSelections.betslipRowId, sportsSelections.position);
  const events = new Map<number, string[]>();
  for (const s of selections) events.set(s.slip, [...(events.get(s.slip) ?? []), s.eventName]);
  return new Map(slips.map((s) => [s.id, events.get(s.id)?.join(' + ') ?? s.betType]));
}

/**
 * The player's latest DETAIL_ROUNDS bets across the house games, the casino
 * providers and the sportsbook, newest first: the latest of each kind are
 * read (each query bounded), then merged.
 */
export async function latestRounds(db: Db, who: Who): Promise<PlayerRoundView[]> {
  const kinds = await Promise.all([house(db, who), casino(db, who), sports(db, who)]);
  return kinds
    .flat()
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, DETAIL_ROUNDS);
}
