import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/open.ts';
import { cashbackOperatorRoutes } from '../../../../server/features/cashback/operator-routes.ts';
import { duePeriods, runDueCashback } from '../../../../server/features/cashback/job.ts';
import { currentPeriod, periodFrom, type CashbackPeriod } from '../../../../server/features/cashback/periods.ts';
import { coveredFrom, type RunSummary } from '../../../../server/features/cashback/run.ts';
import { cashbackRoutes } from '../../../../server/features/cashback/routes.ts';
import { cashbackClaims, cashbackItems, cashbackRuns } from '../../../../server/features/cashback/schema.ts';
import { responsibleGaming } from '../../../../server/features/responsible-gaming/schema.ts';
import { createTenant } from '../../../../server/features/tenants/create-tenant.ts';
import { demoTenants } from '../../../../server/features/tenants/demo/tenants.ts';
import { tenants } from '../../../../server/features/tenants/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, featureApp, jsonCaller, playerMaker, type Tenant } from '../../helpers/feature-harness.ts';

/**
 * Cashback on the real ledger (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the job, the claims and their windows, the regulated refusal, bad input.
 * Bets are made now (the ledger stamps its own rows), so the period under
 * test is the week holding the real now, and the clock of the job and the
 * claims is set to that week's release (Monday 12:00 in São Paulo) and after.
 */
let tdb: TestDatabase;
let db: Db;
let local: Tenant;
let sorte: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
let period: CashbackPeriod;
let clock: Date;
let call: ReturnType<typeof jsonCaller>;

const at = (msAfterRelease: number) => new Date(period.releaseAt.getTime() + msAfterRelease);
const MINUTE = 60_000;

async function play(tenant: Tenant, userId: number, tag: string, deposit: number, bets: number[], wins: number[]): Promise<void> {
  const who = { tenantId: tenant.id, userId };
  await applyMovement(db, { ...who, type: 'deposit', amount: deposit, reference: `${tag}:dep` });
  for (const [i, b] of bets.entries()) await applyMovement(db, { ...who, type: 'bet', amount: -b, reference: `${tag}:bet:${i}` });
  for (const [i, w] of wins.entries()) await applyMovement(db, { ...who, type: 'win', amount: w, reference: `${tag}:win:${i}` });
}

const walletOf = async (userId: number) => (await db.select().from(wallets).where(eq(wallets.userId, userId)))[0]!;
const cashbackEntries = (userId: number) =>
  db.select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.reference} like 'cashback:%'`));
const itemsOf = (userId: number) => db.select().from(cashbackItems).where(eq(cashbackItems.userId, userId));

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  local = await demoTenant(db, 'localhost');
  sorte = await demoTenant(db, 'sorte.localhost');
  makePlayer = playerMaker(db);
  // localhost: unregulated, 10 % cashback, half of each claim withdrawable, released Monday 12:00. sorte stays regulated.
  await patchTenantConfig(db, local.id, { is_regulated: false, cashback: true, cashback_percentage: 10, cashback_conversion_percentage: 50, cashback_release_day: 1, cashback_release_hour: 12 });
  await patchTenantConfig(db, sorte.id, { cashback: true, cashback_release_day: 1, cashback_release_hour: 12 });
  period = currentPeriod(new Date(), 1, 12);
  clock = at(0);
  const now = () => clock;
  call = jsonCaller(featureApp(db, { operator: [cashbackOperatorRoutes({ db, now })], tenant: [cashbackRoutes({ db, log: silentLog, now })] }));
});
afterAll(() => tdb.close());

describe('the cashback job', () => {
  let loser: { userId: number; token: string };
  let winner: { userId: number };
  let small: { userId: number };
  let regulated: { userId: number };
  let excluded: { userId: number };
  let paused: { userId: number };

  beforeAll(async () => {
    loser = await makePlayer(local);
    winner = await makePlayer(local);
    small = await makePlayer(local);
    regulated = await makePlayer(sorte);
    await play(local, loser.userId, 'loser', 100_00, [30_00, 20_00], [10_00]); // net −40,00 → cashback 4,00
    await play(local, winner.userId, 'winner', 10_00, [5_00], [20_00]); // net +15,00 → nothing
    await play(local, small.userId, 'small', 10_00, [5_00], []); // net −5,00 → 0,50, below R$ 1,00 → nothing
    await play(sorte, regulated.userId, 'regulated', 100_00, [50_00], []);
    // Lost as much as `loser`, then asked to stop: self-excluded, or in a pause, past the job's run. `loser` was excluded once, long ago.
    excluded = await makePlayer(local);
    paused = await makePlayer(local);
    for (const [tag, who] of [['excluded', excluded], ['paused', paused]] as const) await play(local, who.userId, tag, 100_00, [30_00, 20_00], [10_00]);
    const later = new Date(period.releaseAt.getTime() + 30 * 24 * 60 * MINUTE);
    await db.update(users).set({ selfExclusionStartAt: new Date(), selfExclusionEndAt: later }).where(eq(users.id, excluded.userId));
    await db.insert(responsibleGaming).values({ userId: paused.userId, tenantId: local.id, coolOffUntil: later });
    await db.update(users).set({ selfExclusionStartAt: new Date(0), selfExclusionEndAt: new Date(MINUTE) }).where(eq(users.id, loser.userId));
  });

  it('makes one calendar item per losing player, released at the release day and hour, however often and concurrently it runs', async () => {
    const runs = await Promise.all([runDueCashback(db, clock), runDueCashback(db, clock), runDueCashback(db, at(MINUTE))]);
    expect(runs.flatMap((r) => r.failed)).toEqual([]);
    expect(runs.flatMap((r) => r.runs).filter((r) => r.ran)).toHaveLength(1);
    await runDueCashback(db, at(2 * MINUTE));
    const items = await itemsOf(loser.userId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ losses: 40_00, amount: 4_00, type: 'calendar', claimed: 0, periodStart: period.start, periodEnd: period.end });
    expect(items[0]!.availableAt.toISOString()).toBe(period.releaseAt.toISOString());
    expect(await itemsOf(winner.userId)).toEqual([]);
    expect(await itemsOf(small.userId)).toEqual([]);
    // Never on a regulated tenant (Lei 14.790 art. 29).
    expect(await itemsOf(regulated.userId)).toEqual([]);
    // Never for a player self-excluded or in a pause when the job runs (an exclusion that is over, as `loser`'s, changes nothing).
    expect(await itemsOf(excluded.userId)).toEqual([]);
    expect(await itemsOf(paused.userId)).toEqual([]);
    expect(await db.select().from(cashbackRuns).where(eq(cashbackRuns.tenantId, local.id))).toHaveLength(1);
  });

  it('lists the item with what the windows allow, and pays a claim once even when clicked twice at once', async () => {
    const headers = { host: 'localhost', authorization: `Bearer ${loser.token}` };
    const before = await walletOf(loser.userId);
    clock = at(-MINUTE);
    const early = await call('GET', '/bonuses/cashback', headers);
    expect(early.status).toBe(200);
    const [item] = early.body.data as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ amount: 4_00, claims_total: 3, claims_available: 0, next_claim_amount: 1_33 });
    const id = item!.id as number;
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id })).status).toBe(422);

    clock = at(0); // 12:00: one claim
    const both = await Promise.all([
      call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id }),
      call('POST', '/bonuses/cashback/claim', { ...headers, 'idempotency-key': 'k1' }, { cashback_id: id }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 422]);
    const paid = both.find((a) => a.status === 200)!.body;
    expect(paid).toMatchObject({ amount: 1_33, item: { claimed: 1, claims_available: 0 } });
    expect(both.find((a) => a.status === 422)!.body).toMatchObject({ message: expect.stringMatching(/já resgatou/), errors: { cashback_id: [expect.stringMatching(/já resgatou/)] } });
    const after = await walletOf(loser.userId);
    expect(after.balance - before.balance).toBe(133n);
    // cashback_conversion_percentage 50: half withdrawable (rounded down), the rest bonus money.
    expect(after.balanceWithdrawal - before.balanceWithdrawal).toBe(66n);

    clock = at(MINUTE); // 12:01: the second claim; a retry with the same key answers the same claim
    const second = await call('POST', '/bonuses/cashback/claim', { ...headers, 'idempotency-key': 'k2' }, { cashback_id: id });
    const replay = await call('POST', '/bonuses/cashback/claim', { ...headers, 'idempotency-key': 'k2' }, { cashback_id: id });
    expect(second).toMatchObject({ status: 200, body: { amount: 1_33, item: { claimed: 2 } } });
    expect(replay.body).toEqual(second.body);
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id })).status).toBe(422);

    clock = at(6 * 60 * MINUTE); // 18:00: still two claims
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id })).status).toBe(422);
    clock = at(12 * 60 * MINUTE - MINUTE); // 23:59: the third and last claim (open since 18:01) takes the remainder
    expect(await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id })).toMatchObject({ status: 200, body: { amount: 1_34, item: { claimed: 3, claimed_amount: 4_00 } } });
    clock = at(24 * 60 * MINUTE);
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: id })).status).toBe(422);

    const entries = await cashbackEntries(loser.userId);
    expect(entries.map((e) => Number(e.amount)).sort()).toEqual([133, 133, 134]);
    expect(entries.every((e) => e.type === 'bonus')).toBe(true);
    const claims = await db.select().from(cashbackClaims).where(eq(cashbackClaims.itemId, id));
    expect(claims.map((c) => c.claimNo).sort()).toEqual([1, 2, 3]);
    expect((await walletOf(loser.userId)).balance - before.balance).toBe(400n);
  });

  it('bad input is 422 and another player\'s item 404, nothing moved', async () => {
    const other = await makePlayer(local);
    const headers = { host: 'localhost', authorization: `Bearer ${other.token}` };
    const [item] = await itemsOf(loser.userId);
    for (const body of [{}, { cashback_id: 'x' }, { cashback_id: 1.5 }, { cashback_id: -1 }]) {
      expect((await call('POST', '/bonuses/cashback/claim', headers, body)).status).toBe(422);
    }
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: item!.id })).status).toBe(404);
    expect((await call('POST', '/bonuses/cashback/claim', { host: 'localhost' }, { cashback_id: item!.id })).status).toBe(401);
    expect(await db.select().from(wallets).where(eq(wallets.userId, other.userId))).toEqual([]);
  });

  it('a regulated tenant refuses claims (403 bonus_not_allowed) and the operator\'s run, nothing moved', async () => {
    const p = await makePlayer(sorte);
    await play(sorte, p.userId, 'reg2', 50_00, [20_00], []);
    // An item left from before the tenant became regulated.
    const [item] = await db
      .insert(cashbackItems)
      .values({ tenantId: sorte.id, userId: p.userId, periodStart: '2026-01-05', periodEnd: '2026-01-11', losses: 20_00, amount: 2_00, type: 'immediate', availableAt: new Date('2026-01-12T15:00:00Z') })
      .returning();
    const before = await walletOf(p.userId);
    const refused = await call('POST', '/bonuses/cashback/claim', { host: 'sorte.localhost', authorization: `Bearer ${p.token}`, 'accept-language': 'pt-BR' }, { cashback_id: item!.id });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/14\.790/), errors: { cashback_id: [expect.stringMatching(/14\.790/)] } } });
    expect(await walletOf(p.userId)).toEqual(before);
    expect(await db.select().from(cashbackClaims).where(eq(cashbackClaims.itemId, item!.id))).toEqual([]);
    expect((await call('POST', '/operator/cashback/runs', { 'x-operator-key': sorte.key }, {})).status).toBe(403);
    // Turning cash cashback on there is refused with the law's message; other settings may still be kept.
    const switchedOn = await call('PATCH', '/operator/cashback/settings', { 'x-operator-key': sorte.key, 'accept-language': 'pt-BR' }, { cashback: true });
    expect(switchedOn).toMatchObject({ status: 403, body: { message: expect.stringMatching(/14\.790/) } });
    expect((await call('PATCH', '/operator/cashback/settings', { 'x-operator-key': sorte.key }, { cashback_percentage: 5 })).status).toBe(200);
  });
});

describe('the operator\'s cashback calls', () => {
  const op = () => ({ 'x-operator-key': local.key });

  it('reads and patches the settings, validated with the whole configuration (422, nothing written)', async () => {
    expect(await call('GET', '/operator/cashback/settings', op())).toMatchObject({ status: 200, body: { settings: { cashback: true, cashback_percentage: 10, cashback_release_day: 1 } } });
    for (const patch of [{ cashback_percentage: 101 }, { cashback_percentage: 7.555 }, { cashback_release_hour: 24 }, { cashback_release_day: 7 }, { siteTitle: 'x' }, {}]) {
      expect((await call('PATCH', '/operator/cashback/settings', op(), patch)).status).toBe(422);
    }
    expect((await call('GET', '/operator/cashback/settings', op())).body).toMatchObject({ settings: { cashback_percentage: 10, cashback_release_hour: 12 } });
    expect(await call('PATCH', '/operator/cashback/settings', op(), { cashback_percentage: 7.5 })).toMatchObject({ status: 200, body: { settings: { cashback_percentage: 7.5 } } });
    await call('PATCH', '/operator/cashback/settings', op(), { cashback_percentage: 10 });
  });

  it('lists items and who claimed what, and runs a period: refused twice, refused unfinished, paid at once when immediate', async () => {
    const items = await call('GET', '/operator/cashback/items', op());
    expect(items.body).toMatchObject({ total: 1, data: [{ amount: 4_00, claimed: 3, user: { name: expect.any(String) } }] });
    const claims = await call('GET', '/operator/cashback/claims', op());
    expect((claims.body.data as Array<{ claim_no: number; amount: number }>).map((c) => [c.claim_no, c.amount])).toEqual([[3, 134], [2, 133], [1, 133]]);

    expect((await call('POST', '/operator/cashback/runs', op(), { period_start: period.start })).status).toBe(409);
    expect((await call('POST', '/operator/cashback/runs', op(), { period_start: '2026-13-01' })).status).toBe(422);
    const nextStart = new Date(Date.parse(`${period.start}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await call('POST', '/operator/cashback/runs', op(), { period_start: nextStart })).status).toBe(422);
    expect((await call('POST', '/operator/cashback/runs', op(), { period_start: period.end })).status).toBe(422);
    expect((await call('POST', '/operator/cashback/runs', op(), { bogus: 1 })).status).toBe(422);

    // A period older than the one the job made is refused: periods are paid in order.
    const weekBefore = new Date(Date.parse(`${period.start}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const older = await call('POST', '/operator/cashback/runs', { ...op(), 'accept-language': 'pt-BR' }, { period_start: weekBefore });
    expect(older).toMatchObject({ status: 409, body: { message: expect.stringMatching(/pagos em ordem/) } });
    expect(await db.select().from(cashbackRuns).where(eq(cashbackRuns.tenantId, local.id))).toHaveLength(1);
  });

  it('pays the week holding the clock at once when asked: immediate items, one claim each', async () => {
    // A tenant that never ran cashback (localhost's job run above already counted this week).
    const farol = await demoTenant(db, 'manutencao.localhost');
    await db.update(tenants).set({ status: 'active' }).where(eq(tenants.id, farol.id));
    await patchTenantConfig(db, farol.id, { is_regulated: false, cashback: true, cashback_percentage: 10, cashback_release_day: 2, cashback_release_hour: 12 });
    const p = await makePlayer(farol);
    await play(farol, p.userId, 'immediate', 50_00, [30_00], []);
    clock = new Date();
    const thisWeek = currentPeriod(clock, 2, 12);
    const ops = { 'x-operator-key': farol.key };
    expect((await call('POST', '/operator/cashback/runs', ops, { period_start: thisWeek.start })).status).toBe(422);
    const run = await call('POST', '/operator/cashback/runs', ops, { period_start: thisWeek.start, immediate: true });
    expect(run).toMatchObject({ status: 201, body: { run: { ran: true, type: 'immediate' } } });
    const [item] = await itemsOf(p.userId);
    expect(item).toMatchObject({ type: 'immediate', amount: 3_00 });
    const headers = { host: farol.host, authorization: `Bearer ${p.token}` };
    expect(await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: item!.id })).toMatchObject({ status: 200, body: { amount: 3_00, item: { claimed: 1, claims_available: 0 } } });
    expect((await call('POST', '/bonuses/cashback/claim', headers, { cashback_id: item!.id })).status).toBe(422);
  });
});

describe('the release day moved, and weeks the platform missed', () => {
  /** 13:00 in São Paulo on `day`, an hour after the release. */
  const releaseDayAt = (day: string) => new Date(`${day}T16:00:00Z`);
  /**
   * A lost bet of `amount` centavos, stamped at `at`: weeks of history. The ledger stamps its rows now and
   * refuses updates (an append-only trigger), so the test moves its own two rows back with that trigger
   * paused for the one statement, in one transaction of this test's own database.
   */
  async function lostAt(tenant: Tenant, userId: number, tag: string, amount: number, at: string): Promise<void> {
    await applyMovement(db, { tenantId: tenant.id, userId, type: 'deposit', amount, reference: `${tag}:dep` });
    await applyMovement(db, { tenantId: tenant.id, userId, type: 'bet', amount: -amount, reference: `${tag}:bet` });
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update`);
      await tx.update(ledgerEntries).set({ createdAt: new Date(at) }).where(sql`${ledgerEntries.reference} like ${`${tag}:%`}`);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update`);
    });
  }

  it('counts each loss once: from where the previous period ended, whether the day moved earlier or later, catching up missed weeks in order', async () => {
    const spec = demoTenants().find((t) => t.domain === 'localhost')!;
    const created = (await createTenant(db, { ...spec, domain: 'semanas.localhost', operatorKey: 'semanas-key' }))!;
    const tenant: Tenant = { id: created.id, casinoId: created.config.casino_id, host: 'semanas.localhost', key: 'semanas-key' };
    const player = await makePlayer(tenant);
    const items = async () => (await itemsOf(player.userId)).sort((a, b) => a.periodStart.localeCompare(b.periodStart)).map((i) => [i.periodStart, i.losses]);
    // 10 % cashback, weeks from Monday (2026-11-23 is a Monday). Times are UTC; São Paulo is UTC−3.
    await patchTenantConfig(db, tenant.id, { is_regulated: false, cashback: true, cashback_percentage: 10, cashback_release_day: 1, cashback_release_hour: 12 });
    await lostAt(tenant, player.userId, 'w1-tue', 10_00, '2026-11-24T13:00:00Z');
    await lostAt(tenant, player.userId, 'w1-fri', 20_00, '2026-11-27T13:00:00Z');
    expect((await runDueCashback(db, releaseDayAt('2026-11-30'))).failed).toEqual([]);
    expect(await items()).toEqual([['2026-11-23', 30_00]]);

    // Moved earlier in the week, to Thursday: the week of Thu 26 Nov overlaps the Monday week paid above,
    // so it counts from Mon 30 Nov 00:00 (SP) only: Friday's loss is not paid again.
    await patchTenantConfig(db, tenant.id, { cashback_release_day: 4 });
    await lostAt(tenant, player.userId, 'w2-tue', 15_00, '2026-12-01T13:00:00Z');
    const mine = (runs: RunSummary[]) => runs.filter((r) => r.tenantId === tenant.id);
    expect(mine((await runDueCashback(db, releaseDayAt('2026-12-03'))).runs).map((r) => [r.period, r.from?.toISOString()])).toEqual([['2026-11-26', '2026-11-30T03:00:00.000Z']]);
    expect(await items()).toEqual([['2026-11-23', 30_00], ['2026-11-26', 15_00]]);

    // Moved later, to Saturday, and the platform was down on Sat 5 Dec: on Sat 12 Dec the job makes the
    // missed week (Sat 28 Nov, counted from Thu 3 Dec, where the Thursday week ended) and then the last one.
    await patchTenantConfig(db, tenant.id, { cashback_release_day: 6 });
    await lostAt(tenant, player.userId, 'w3-thu', 12_00, '2026-12-03T20:00:00Z');
    await lostAt(tenant, player.userId, 'w4-tue', 40_00, '2026-12-08T13:00:00Z');
    const caughtUp = await runDueCashback(db, releaseDayAt('2026-12-12'));
    expect(mine(caughtUp.runs).map((r) => [r.period, r.ran, r.from?.toISOString()])).toEqual([
      ['2026-11-28', true, '2026-12-03T03:00:00.000Z'],
      ['2026-12-05', true, '2026-12-05T03:00:00.000Z'],
    ]);
    expect(await items()).toEqual([['2026-11-23', 30_00], ['2026-11-26', 15_00], ['2026-11-28', 12_00], ['2026-12-05', 40_00]]);
    // Every loss counted exactly once: 10 + 20 + 15 + 12 + 40.
    expect((await itemsOf(player.userId)).reduce((sum, i) => sum + i.losses, 0)).toBe(97_00);
    // Run again, nothing more.
    await runDueCashback(db, releaseDayAt('2026-12-12'));
    expect(await itemsOf(player.userId)).toHaveLength(4);
  });
});

describe('periods (pure)', () => {
  it('a period counts from the previous one\'s end when that end is inside it or less than a week before it, else from its own start', () => {
    const monday = periodFrom('2026-11-23', 12);
    expect(coveredFrom(monday, undefined)).toEqual(monday.from);
    expect(coveredFrom(monday, '2026-11-16')).toEqual(monday.from);
    expect(coveredFrom(monday, '2026-11-19').toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(coveredFrom(monday, '2026-11-14').toISOString()).toBe('2026-11-21T03:00:00.000Z');
    expect(coveredFrom(monday, '2026-11-09')).toEqual(monday.from);
  });

  it('the job\'s due periods: the last one for a tenant that never ran, else every week since its latest run, at most four', () => {
    const last = periodFrom('2026-12-07', 12);
    expect(duePeriods(last, undefined, 12).map((p) => p.start)).toEqual(['2026-12-07']);
    expect(duePeriods(last, '2026-12-07', 12)).toEqual([]);
    expect(duePeriods(last, '2026-11-23', 12).map((p) => p.start)).toEqual(['2026-11-30', '2026-12-07']);
    expect(duePeriods(last, '2026-01-05', 12).map((p) => p.start)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07']);
  });
});
