import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../../../server/db/schema.ts';
import { type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
});
afterAll(() => h.close());

describe('withdrawal concurrency', () => {
  it('200 simultaneous requests against a withdrawable balance covering 10: exactly 10 succeed, nothing overdrawn', async () => {
    const amount = 2_500;
    const p = await h.player();
    await h.deposit(p.id, 10 * amount);
    const methodId = await h.method(p);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount, method_id: methodId } })),
    );
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.body.message).toBe('Not enough withdrawable balance.');
    // Each success saw its own reservation.
    expect(new Set(ok.map((a) => (a.body.wallet as { balance: number }).balance))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => i * amount)));

    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable]).toEqual([0n, 0n]);
    expect(m.ledger).toEqual([0n, 0n]);
    expect(m.entries).toBe(11);
    const rows = await h.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 0 && r.amount === BigInt(amount))).toBe(true);
  });

  it('concurrent cancels of one withdrawal give the funds back once', async () => {
    const p = await h.player();
    await h.deposit(p.id, 9_000);
    const methodId = await h.method(p);
    const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 9_000, method_id: methodId } });
    const id = (made.body.withdrawal as { id: number }).id;
    const answers = await Promise.all(Array.from({ length: 30 }, () => h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: p.token, body: { id } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(29);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable]).toEqual([9_000n, 9_000n]);
    expect(m.ledger).toEqual([9_000n, 9_000n]);
    expect(m.entries).toBe(3);
  });
});
