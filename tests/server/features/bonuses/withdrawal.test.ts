import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../../../server/db/schema.ts';
import { grantBonus } from '../../../../server/features/bonuses/grant.ts';
import { forgetCachedTenants } from '../../../../server/features/tenants/tenant-cache.ts';
import { type WithdrawalHarness, withdrawalHarness } from '../withdrawals/helpers.ts';

/** The real withdrawal call never takes bonus money: only `balance_withdrawal` may leave. */
let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
  const [row] = await h.db.select().from(tenants).where(eq(tenants.id, h.tenants.local));
  await h.db.update(tenants).set({ config: { ...row!.config, is_regulated: false } }).where(eq(tenants.id, h.tenants.local));
  forgetCachedTenants();
});
afterAll(() => h.close());

describe('withdrawal and bonus money', () => {
  it('refuses to withdraw past the cash part, moves nothing, and withdraws the cash alone', async () => {
    const p = await h.player();
    await h.deposit(p.id, 10_000);
    await grantBonus(h.db, { tenantId: h.tenants.local, userId: p.id, source: 'coupon', sourceRef: 'w1', amount: 50_000, rolloverMultiplier: 3, expiresAt: null });
    const methodId = await h.method(p);
    const before = await h.money(p.id);
    expect(before).toMatchObject({ balance: 60_000n, withdrawable: 10_000n });

    const refused = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 10_001, method_id: methodId } });
    expect(refused.status).toBe(422);
    expect(await h.money(p.id)).toEqual(before);

    const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 10_000, method_id: methodId } });
    expect(made.status).toBe(201);
    expect(made.body.wallet).toEqual({ balance: 50_000, balance_withdrawal: 0, deposit_count: 1 });
  });
});
