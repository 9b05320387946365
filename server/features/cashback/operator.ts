import { count, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { CashbackClaimView, CashbackItemAdminView, CashbackRunView, CashbackType } from '../../../src/contract/cashback.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { DomainError } from '../../http/errors.ts';
import { assertBonusAllowed } from '../bonuses/regulated.ts';
import { users } from '../users/schema.ts';
import { CASHBACK_MESSAGES } from './messages.ts';
import { currentPeriod, isPeriodStart, lastClosedPeriod, periodFrom } from './periods.ts';
import { type RunSummary, runCashbackPeriod } from './run.ts';
import { cashbackClaims, cashbackItems, cashbackRuns } from './schema.ts';
import { cashbackSettings } from './settings.ts';

export const OPERATOR_PAGE_SIZE = 50;

/** The configuration keys the operator's cashback settings call reads and patches. */
export const CASHBACK_CONFIG_KEYS = ['cashback', 'cashback_percentage', 'cashback_release_day', 'cashback_release_hour', 'cashback_conversion_percentage'] as const;

/** `PATCH /operator/cashback/settings`: only cashback keys (the whole configuration is validated again when patched). */
export const CashbackSettingsPatchSchema = v.pipe(
  v.strictObject({
    cashback: v.optional(v.boolean()),
    cashback_percentage: v.optional(v.unknown()),
    cashback_release_day: v.optional(v.unknown()),
    cashback_release_hour: v.optional(v.unknown()),
    cashback_conversion_percentage: v.optional(v.unknown()),
  }),
  v.check((body) => Object.keys(body).length > 0, 'name at least one cashback setting'),
);

export function settingsView(config: SiteConfig): Pick<SiteConfig, (typeof CASHBACK_CONFIG_KEYS)[number]> & { is_regulated: boolean } {
  return {
    cashback: config.cashback,
    cashback_percentage: config.cashback_percentage ?? cashbackSettings(config).rateBp / 100,
    cashback_release_day: config.cashback_release_day,
    cashback_release_hour: config.cashback_release_hour,
    cashback_conversion_percentage: config.cashback_conversion_percentage,
    is_regulated: config.is_regulated,
  };
}

export const RunBodySchema = v.strictObject({
  /** First day of the period (on the release weekday); default the last period that is over. */
  period_start: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD day'))),
  /** Pay at once as immediate items (one claim each); needed for a period not over yet, which it then closes. */
  immediate: v.optional(v.boolean()),
});

/**
 * The operator's run of one period (`POST /operator/cashback/runs`).
 * @throws RegulatedBonusError 403 on a regulated tenant; DomainError 409
 * `cashback_disabled` when cashback is off, 422 `period_invalid` for a day
 * that does not start a period, 422 `period_not_over` for an unfinished
 * period without `immediate`, 409 `cashback_already_run` when the period was run,
 * 409 `cashback_later_period_run` when a later period was (periods are paid in order).
 */
export async function runForOperator(db: Db, input: { tenantId: number; config: SiteConfig; periodStart?: string; immediate?: boolean; now: Date }): Promise<RunSummary & { type: CashbackType; period_end: string }> {
  assertBonusAllowed(input.config);
  const settings = cashbackSettings(input.config);
  if (!settings.active) throw new DomainError('cashback_disabled', 409, undefined, { message: CASHBACK_MESSAGES.disabled });
  let period = lastClosedPeriod(input.now, settings.releaseDay, settings.releaseHour);
  if (input.periodStart !== undefined) {
    if (!isPeriodStart(input.periodStart, settings.releaseDay)) {
      throw new DomainError('period_invalid', 422, { period_start: [CASHBACK_MESSAGES.notPeriodStart.en] }, { message: CASHBACK_MESSAGES.notPeriodStart });
    }
    period = periodFrom(input.periodStart, settings.releaseHour);
  }
  const open = period.to.getTime() > input.now.getTime();
  if (open && !input.immediate) throw new DomainError('period_not_over', 422, { period_start: [CASHBACK_MESSAGES.periodNotOver.en] }, { message: CASHBACK_MESSAGES.periodNotOver });
  if (period.from.getTime() > currentPeriod(input.now, settings.releaseDay, settings.releaseHour).from.getTime()) {
    throw new DomainError('period_invalid', 422, { period_start: [CASHBACK_MESSAGES.periodNotOver.en] }, { message: CASHBACK_MESSAGES.periodNotOver });
  }
  const type: CashbackType = input.immediate ? 'immediate' : 'calendar';
  const summary = await runCashbackPeriod(db, { tenantId: input.tenantId, config: input.config, period, type, now: input.now });
  if (summary.skipped === 'later_period_run') throw new DomainError('cashback_later_period_run', 409, undefined, { message: CASHBACK_MESSAGES.laterPeriodRun });
  if (!summary.ran) throw new DomainError('cashback_already_run', 409, undefined, { message: CASHBACK_MESSAGES.alreadyRun });
  return { ...summary, type, period_end: period.end };
}

async function paged<T>(page: number, total: Promise<{ total: number }[]>, rows: (offset: number) => Promise<T[]>): Promise<PagedList<T>> {
  const [{ total: n } = { total: 0 }] = await total;
  return { data: await rows((page - 1) * OPERATOR_PAGE_SIZE), current_page: page, last_page: Math.max(1, Math.ceil(n / OPERATOR_PAGE_SIZE)), total: n };
}

/** The tenant's items, newest first, with the player and what was claimed. */
export function listItems(db: Db, q: { tenantId: number; page: number }) {
  return paged(q.page, db.select({ total: count() }).from(cashbackItems).where(eq(cashbackItems.tenantId, q.tenantId)), async (offset) => {
    const rows = await db
      .select({ item: cashbackItems, user: { id: users.id, name: users.name } })
      .from(cashbackItems)
      .innerJoin(users, eq(users.id, cashbackItems.userId))
      .where(eq(cashbackItems.tenantId, q.tenantId))
      .orderBy(desc(cashbackItems.id))
      .limit(OPERATOR_PAGE_SIZE)
      .offset(offset);
    return rows.map(({ item, user }): CashbackItemAdminView => ({
      id: item.id,
      user,
      period_start: item.periodStart,
      period_end: item.periodEnd,
      losses: item.losses,
      amount: item.amount,
      type: item.type,
      available_at: item.availableAt.toISOString(),
      claimed: item.claimed,
      claimed_amount: item.claimedAmount,
      created_at: item.createdAt.toISOString(),
    }));
  });
}

/** Who claimed what: the tenant's claims, newest first. */
export function listClaims(db: Db, q: { tenantId: number; page: number }) {
  return paged(q.page, db.select({ total: count() }).from(cashbackClaims).where(eq(cashbackClaims.tenantId, q.tenantId)), async (offset) => {
    const rows = await db
      .select({ claim: cashbackClaims, user: { id: users.id, name: users.name } })
      .from(cashbackClaims)
      .innerJoin(users, eq(users.id, cashbackClaims.userId))
      .where(eq(cashbackClaims.tenantId, q.tenantId))
      .orderBy(desc(cashbackClaims.id))
      .limit(OPERATOR_PAGE_SIZE)
      .offset(offset);
    return rows.map(({ claim, user }): CashbackClaimView => ({ id: claim.id, cashback_id: claim.itemId, user, claim_no: claim.claimNo, amount: claim.amount, claimed_at: claim.createdAt.toISOString() }));
  });
}

/** The tenant's runs of the job, newest period first. */
export function listRuns(db: Db, q: { tenantId: number; page: number }) {
  return paged(q.page, db.select({ total: count() }).from(cashbackRuns).where(eq(cashbackRuns.tenantId, q.tenantId)), async (offset) => {
    const rows = await db.select().from(cashbackRuns).where(eq(cashbackRuns.tenantId, q.tenantId)).orderBy(desc(cashbackRuns.periodStart)).limit(OPERATOR_PAGE_SIZE).offset(offset);
    return rows.map((r): CashbackRunView => ({ period_start: r.periodStart, started_at: r.startedAt.toISOString(), finished_at: r.finishedAt?.toISOString() ?? null, items: r.items }));
  });
}
