import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { SportsBetsPage, SportsBetView } from '../../../src/contract/sportsbook.ts';
import type { Db } from '../../db/open.ts';
import { sportsBetslips, sportsSelections } from './schema.ts';

/** Betslips per page of the sports history. */
export const SPORTS_BETS_PAGE_SIZE = 20;

/** `1/1` (one selection) is a single; anything else (accumulators, systems) a multiple. */
const typeOf = (betType: string, selections: number): SportsBetView['type'] => (betType === '1/1' || (selections === 1 && !betType.includes('/')) ? 'single' : 'multiple');

/** One page (1-based) of the player's betslips, newest first, with their selections in betslip order. */
export async function listSportsBets(db: Db, q: { tenantId: number; userId: number; page: number }): Promise<SportsBetsPage> {
  const where = and(eq(sportsBetslips.tenantId, q.tenantId), eq(sportsBetslips.userId, q.userId));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sportsBetslips).where(where);
  const slips = await db
    .select()
    .from(sportsBetslips)
    .where(where)
    .orderBy(desc(sportsBetslips.id))
    .limit(SPORTS_BETS_PAGE_SIZE)
    .offset((q.page - 1) * SPORTS_BETS_PAGE_SIZE);
  const selections = slips.length
    ? await db
        .select()
        .from(sportsSelections)
        .where(
          inArray(
            sportsSelections.betslipRowId,
            slips.map((s) => s.id),
          ),
        )
        .orderBy(asc(sportsSelections.betslipRowId), asc(sportsSelections.position))
    : [];
  const items = slips.map((slip): SportsBetView => {
    const own = selections.filter((s) => s.betslipRowId === slip.id);
    return {
      betslipId: slip.betslipId,
      type: typeOf(slip.betType, own.length),
      betType: slip.betType,
      odds: slip.odds,
      stake: Number(slip.stake),
      potentialWin: Number(slip.potentialWin),
      status: slip.status,
      payout: Number(slip.payout),
      refunded: Number(slip.refunded),
      placedAt: slip.placedAt.toISOString(),
      settledAt: slip.settledAt?.toISOString() ?? null,
      selections: own.map((s) => ({
        eventName: s.eventName,
        sportName: s.sportName,
        tournamentName: s.tournamentName,
        marketName: s.marketName,
        outcomeName: s.outcomeName,
        odds: s.odds,
        live: s.live,
      })),
    };
  });
  return { items, page: q.page, perPage: SPORTS_BETS_PAGE_SIZE, total };
}
