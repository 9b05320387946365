import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { CashbackType } from '../../../src/contract/cashback.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { responsibleGaming } from '../responsible-gaming/schema.ts';
import { users } from '../users/schema.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { tenants } from '../tenants/schema.ts';
import { addDays, type CashbackPeriod, saoPauloInstant } from './periods.ts';
import { cashbackItems, cashbackRuns } from './schema.ts';
import { cashbackOf, cashbackSettings } from './settings.ts';

/** No item below R$ 1,00: smaller cashback would be split into claims of a few centavos. */
export const MIN_CASHBACK_CENTAVOS = 100;

/**
 * The ledger types that are play: their signed sum over a period is the
 * player's result (wins + refunds − bets, rollbacks included), a negative
 * result being the net loss cashback returns. Deposits, withdrawals and bonus
 * credits (cashback included) never count.
 */
const PLAY_TYPES = ['bet', 'win', 'sports_bet', 'sports_win', 'sports_refund', 'sports_rollback'] as const;

export interface RunSummary {
  tenantId: number;
  period: string;
  /** False when the period had already been run (here or on another node), or a later one had: nothing was made. */
  ran: boolean;
  /** Why nothing was made when `ran` is false: this period was run, or a later period was (periods are paid in order). */
  skipped?: 'already_run' | 'later_period_run';
  items: number;
  /** The play counted: `[from, to)`, after the previous period's end (see coveredFrom). */
  from?: Date;
  to?: Date;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * Where this period's counting starts, so that no loss is paid twice and
 * none falls between two periods when the operator moves
 * `cashback_release_day`: at the end of the previous period run (periods
 * are seven days from their start), when that end falls inside this period
 * (the day moved earlier: the weeks would overlap) or less than a week
 * before it (the day moved later: the days between would be left out).
 * Further back — cashback was off, or the platform missed weeks beyond the
 * job's catch-up — the period counts from its own first day.
 */
export function coveredFrom(period: CashbackPeriod, previousStart: string | undefined): Date {
  if (previousStart === undefined) return period.from;
  const previousEnd = saoPauloInstant(addDays(previousStart, 7));
  const gap = period.from.getTime() - previousEnd.getTime();
  return gap < WEEK_MS ? previousEnd : period.from;
}

export interface RunInput {
  tenantId: number;
  config: SiteConfig;
  period: CashbackPeriod;
  /** calendar: released at the period's release moment; immediate: claimable at once, in one claim. */
  type: CashbackType;
  now: Date;
}

/**
 * Computes and stores one tenant's cashback for one period, once: in ONE
 * transaction, holding the tenant's row, it claims the (tenant, period) row
 * of `cashback_runs` (a second run, or another node's concurrent one, meets
 * the unique index and makes nothing; a period older than one already run
 * makes nothing either), sums every open account's play from where the
 * previous period ended (coveredFrom) to the period's end (capped at `now`
 * for an early, immediate run), and inserts one item per
 * player whose cashback reaches MIN_CASHBACK_CENTAVOS (the unique tenant +
 * player + period index backs this up). A failure rolls everything back, so
 * the next pass runs the period again. The caller checks that cashback is on
 * and allowed (assertBonusAllowed).
 * A player self-excluded or in a pause (cool-off) at `now` gets no item for
 * the period: they asked to stop playing, and cashback is an offer to play
 * again (docs/rewards.md); the period is not run again for them afterwards.
 */
export async function runCashbackPeriod(db: Db, input: RunInput): Promise<RunSummary> {
  const { tenantId, period, now } = input;
  const settings = cashbackSettings(input.config);
  const summary: RunSummary = { tenantId, period: period.start, ran: false, items: 0 };
  return db.transaction(async (tx) => {
    // One run of a tenant at a time (two nodes, or the operator and the job): each sees the runs before it.
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    const [run] = await tx.insert(cashbackRuns).values({ tenantId, periodStart: period.start, startedAt: now }).onConflictDoNothing().returning();
    if (!run) return { ...summary, skipped: 'already_run' as const };
    const [latest] = await tx
      .select({ periodStart: cashbackRuns.periodStart })
      .from(cashbackRuns)
      .where(and(eq(cashbackRuns.tenantId, tenantId), ne(cashbackRuns.id, run.id)))
      .orderBy(desc(cashbackRuns.periodStart))
      .limit(1);
    if (latest && latest.periodStart > period.start) {
      // A later period was paid: this one's days may be inside it (the release day moved). Make nothing, keep no run.
      await tx.delete(cashbackRuns).where(eq(cashbackRuns.id, run.id));
      return { ...summary, skipped: 'later_period_run' as const };
    }
    summary.ran = true;
    const from = coveredFrom(period, latest?.periodStart);
    const until = period.to.getTime() < now.getTime() ? period.to : now;
    summary.from = from;
    summary.to = until;
    if (from.getTime() >= until.getTime()) {
      await tx.update(cashbackRuns).set({ finishedAt: new Date(), items: 0 }).where(eq(cashbackRuns.id, run.id));
      return summary;
    }
    const net = sql<string>`sum(${ledgerEntries.amount})`;
    const results = await tx
      .select({ userId: ledgerEntries.userId, net: sql<string>`${net}::text` })
      .from(ledgerEntries)
      .innerJoin(users, eq(users.id, ledgerEntries.userId))
      .where(
        and(
          eq(ledgerEntries.tenantId, tenantId),
          inArray(ledgerEntries.type, [...PLAY_TYPES]),
          gte(ledgerEntries.createdAt, from),
          lt(ledgerEntries.createdAt, until),
          isNull(users.closedAt),
          or(isNull(users.selfExclusionEndAt), lte(users.selfExclusionEndAt, now)),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(responsibleGaming)
              .where(and(eq(responsibleGaming.userId, ledgerEntries.userId), gt(responsibleGaming.coolOffUntil, now))),
          ),
        ),
      )
      .groupBy(ledgerEntries.userId)
      .having(sql`${net} < 0`);
    const availableAt = input.type === 'immediate' ? now : period.releaseAt;
    const rows = results
      .map((r) => {
        const losses = -Number(r.net);
        return { tenantId, userId: r.userId, periodStart: period.start, periodEnd: period.end, losses, amount: cashbackOf(losses, settings.rateBp), type: input.type, availableAt };
      })
      .filter((r) => r.amount >= MIN_CASHBACK_CENTAVOS);
    if (rows.length > 0) {
      const made = await tx.insert(cashbackItems).values(rows).onConflictDoNothing().returning({ id: cashbackItems.id });
      summary.items = made.length;
    }
    await tx.update(cashbackRuns).set({ finishedAt: new Date(), items: summary.items }).where(eq(cashbackRuns.id, run.id));
    return summary;
  });
}
