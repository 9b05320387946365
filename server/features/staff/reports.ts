import { sql } from 'drizzle-orm';
import type { DailyFigures } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';

/** Ledger types that are stakes (refunds give a stake back) and that are payouts (a rollback takes a payout back). */
const STAKE_TYPES = ['bet', 'sports_bet', 'sports_refund'];
const PAYOUT_TYPES = ['win', 'sports_win', 'sports_rollback'];

/**
 * The dashboard's figures per São Paulo day for the last `days` days (today
 * included), straight from the ledger: deposits, withdrawals (net of the ones
 * cancelled), stakes, payouts, GGR (stakes − payouts) and the players who
 * staked. Days without movement are there with zeros.
 */
export async function dailyFigures(db: Db, tenantId: number, days: number, now: Date): Promise<DailyFigures[]> {
  const rows = await db.execute<{ day: string; deposits: string; withdrawals: string; bets: string; wins: string; active: string }>(sql`
    with days as (
      select ((${now.toISOString()}::timestamptz at time zone 'America/Sao_Paulo')::date - generate_series(0, ${days - 1}::int)) as day
    ), moves as (
      select (created_at at time zone 'America/Sao_Paulo')::date as day, type, amount, user_id
      from ledger_entries
      where tenant_id = ${tenantId}
        and created_at >= (((${now.toISOString()}::timestamptz at time zone 'America/Sao_Paulo')::date - ${days - 1}::int)::timestamp at time zone 'America/Sao_Paulo')
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(sum(m.amount) filter (where m.type = 'deposit'), 0)::text as deposits,
      coalesce(-sum(m.amount) filter (where m.type = 'withdraw'), 0)::text as withdrawals,
      coalesce(-sum(m.amount) filter (where m.type in (${sql.join(STAKE_TYPES.map((t) => sql`${t}`), sql`, `)})), 0)::text as bets,
      coalesce(sum(m.amount) filter (where m.type in (${sql.join(PAYOUT_TYPES.map((t) => sql`${t}`), sql`, `)})), 0)::text as wins,
      count(distinct m.user_id) filter (where m.type in ('bet', 'sports_bet'))::text as active
    from days d left join moves m on m.day = d.day
    group by d.day order by d.day`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows;
  return (list as Array<{ day: string; deposits: string; withdrawals: string; bets: string; wins: string; active: string }>).map((r) => {
    const bets = Number(r.bets);
    const wins = Number(r.wins);
    return { day: r.day, deposits: Number(r.deposits), withdrawals: Number(r.withdrawals), bets, wins, ggr: bets - wins, activePlayers: Number(r.active) };
  });
}
