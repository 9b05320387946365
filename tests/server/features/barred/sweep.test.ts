import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepPeriod } from '../../../../server/features/barred/days.ts';
import { barredSweeps } from '../../../../server/features/barred/schema.ts';
import { sweepTenant } from '../../../../server/features/barred/sweep.ts';
import { startBarredSweepWorker } from '../../../../server/features/barred/worker.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { barredHarness, type BarredHarness, cpfFor } from './harness.ts';

/*
 * The whole-base check every 15 days (IN SPA/MF 22/2025): batched, once per
 * (tenant, period) even when two nodes start it together, run again after a
 * failure. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

let h: BarredHarness;
const ids: number[] = [];
beforeAll(async () => {
  h = await barredHarness();
  // 12 players of `localhost` with a CPF, one without, one closed.
  for (let i = 0; i < 14; i++) {
    const [row] = await h.db
      .insert(users)
      .values({ tenantId: h.tenants.local, name: `Jogador ${i}`, username: `+551198765${String(6000 + i)}`, cpf: i === 12 ? null : cpfFor(8000 + i), closedAt: i === 13 ? new Date() : null })
      .returning({ id: users.id });
    ids.push(row!.id);
  }
}, 60_000);
afterAll(() => h.close());
beforeEach(() => h.stand.setOutage(false));

describe('15-day periods', () => {
  it('start every 15 days from 2025-01-01, on São Paulo days', () => {
    expect(sweepPeriod(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
    expect(sweepPeriod(new Date('2025-01-01T02:59:59Z'))).toBe('2024-12-17');
    expect(sweepPeriod(new Date('2025-01-15T12:00:00Z'))).toBe('2025-01-01');
    expect(sweepPeriod(new Date('2025-01-16T12:00:00Z'))).toBe('2025-01-16');
    expect(sweepPeriod(new Date('2026-11-25T15:00:00Z'))).toBe('2026-11-22');
    expect(sweepPeriod(new Date('2026-12-07T02:59:59Z'))).toBe('2026-11-22');
    expect(sweepPeriod(new Date('2026-12-07T03:00:00Z'))).toBe('2026-12-07');
  });
});

describe('the sweep', () => {
  it('runs once per period with two concurrent runs, checking every open account with a CPF in batches', async () => {
    h.stand.bar(cpfFor(8003));
    h.stand.bar(cpfFor(8013));
    const at = new Date('2026-11-25T15:00:00Z');
    const asked = h.stand.stats.queries.length;
    const [a, b] = await Promise.all([sweepTenant(h.barred.deps, h.tenants.local, at), sweepTenant(h.barred.deps, h.tenants.local, at)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    const ran = a.ran ? a : b;
    expect(ran).toMatchObject({ period: '2026-11-22', checked: 12, barred: 1, error: null });
    expect(h.stand.stats.queries.slice(asked)).toEqual([12]);
    const runs = await h.db.select().from(barredSweeps).where(eq(barredSweeps.tenantId, h.tenants.local));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ period: '2026-11-22', checked: 12, barred: 1, error: null });
    expect(runs[0]?.finishedAt).not.toBeNull();
    expect(await h.check(ids[3]!)).toMatchObject({ trigger: 'sweep', checkedOn: '2026-11-25', liftedAt: null });
    expect((await h.check(ids[3]!))?.barredAt).not.toBeNull();
    expect(await h.check(ids[0]!)).toMatchObject({ trigger: 'sweep', barredAt: null });
    expect(await h.check(ids[12]!)).toBeUndefined();
    expect(await h.check(ids[13]!)).toBeUndefined();
    expect((await h.notices(ids[3]!))[0]?.title.en).toBe('Account blocked for betting');
    // Later in the same period: nothing runs; the next period runs again.
    expect((await sweepTenant(h.barred.deps, h.tenants.local, new Date('2026-12-06T15:00:00Z'))).ran).toBe(false);
    const next = await sweepTenant(h.barred.deps, h.tenants.local, new Date('2026-12-07T15:00:00Z'));
    expect(next).toMatchObject({ ran: true, period: '2026-12-07', checked: 12, barred: 1 });
    // The bar found in the earlier period keeps its date and is not announced twice.
    expect(await h.notices(ids[3]!)).toHaveLength(1);
  });

  it('a run the regulator could not answer is recorded failed and run again by the next pass (the scheduler)', async () => {
    const at = new Date('2026-12-23T15:00:00Z');
    h.stand.setOutage(true);
    const failed = await sweepTenant(h.barred.deps, h.tenants.local, at);
    expect(failed).toMatchObject({ ran: true, period: '2026-12-22', checked: 0 });
    expect(failed.error).toMatch(/answered 503/);
    h.stand.setOutage(false);
    h.clock.set(at);
    const worker = startBarredSweepWorker(h.barred.deps, { intervalMs: 3_600_000 });
    const pass = await worker.tick();
    await worker.stop();
    expect(pass.find((s) => s.tenantId === h.tenants.local)).toMatchObject({ ran: true, period: '2026-12-22', checked: 12, error: null });
    const [run] = await h.db.select().from(barredSweeps).where(eq(barredSweeps.period, '2026-12-22'));
    expect(run).toMatchObject({ error: null, checked: 12 });
  });
});
