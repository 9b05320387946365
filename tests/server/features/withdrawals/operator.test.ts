import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEventName } from '../../../../src/contract/realtime.ts';
import { LOCAL_KEY, type Player, SORTE_KEY, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
});
afterAll(() => h.close());

/** A withdrawal of R$ 6.000,00 (above the R$ 5.000,00 review threshold) on the local tenant. */
async function underReview(): Promise<{ p: Player; id: number }> {
  const p = await h.player();
  await h.deposit(p.id, 1_000_000);
  const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 600_000, method_id: await h.method(p) } });
  expect(made.body.withdrawal).toMatchObject({ status: 5 });
  return { p, id: (made.body.withdrawal as { id: number }).id };
}

describe('operator withdrawal review', () => {
  it('lists the tenant’s withdrawals under review, never another tenant’s', async () => {
    const { p, id } = await underReview();
    const list = await h.operator('GET', '/withdrawals?status=5', LOCAL_KEY);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ current_page: 1, total: 1 });
    expect((list.body.data as unknown[])[0]).toMatchObject({ id, amount: 600_000, status: 5, user: { id: p.id, name: expect.any(String) }, method: { type: 'cpf' }, note: null });
    expect((await h.operator('GET', '/withdrawals', SORTE_KEY)).body).toMatchObject({ total: 0, data: [] });
    expect((await h.operator('GET', '/withdrawals?status=9', LOCAL_KEY)).status).toBe(422);
    expect((await h.operator('GET', '/withdrawals', '')).status).toBe(401);
  });

  it('approve sends it to the PSP at once; the webhook then approves it', async () => {
    const { p, id } = await underReview();
    const other = await h.operator('POST', `/withdrawals/${id}/approve`, SORTE_KEY);
    expect(other.status).toBe(404);
    expect((await h.withdrawal(id)).status).toBe(5);

    const approved = await h.operator('POST', `/withdrawals/${id}/approve`, LOCAL_KEY);
    expect(approved.status).toBe(200);
    expect(approved.body.withdrawal).toMatchObject({ id, status: 4 });
    const row = await h.withdrawal(id);
    expect(row.reviewedAt).not.toBeNull();
    expect(await h.sandbox.getPayout(row.payoutId)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
    expect((await h.operator('POST', `/withdrawals/${id}/approve`, LOCAL_KEY)).status).toBe(409);
    expect((await h.operator('POST', `/withdrawals/${id}/reject`, LOCAL_KEY)).status).toBe(409);
    // The player can no longer cancel it.
    expect((await h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: p.token, body: { id } })).status).toBe(409);

    await h.sandbox.settlePayout(row.payoutId);
    expect((await h.withdrawal(id)).status).toBe(1);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable]).toEqual([400_000n, 400_000n]);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);
  });

  it('reject cancels it with the operator’s reason and gives the funds back once', async () => {
    const { p, id } = await underReview();
    expect((await h.operator('POST', `/withdrawals/${id}/reject`, SORTE_KEY, { reason: 'x' })).status).toBe(404);
    expect((await h.withdrawal(id)).status).toBe(5);

    const rejected = await h.operator('POST', `/withdrawals/${id}/reject`, LOCAL_KEY, { reason: 'Documentos pendentes' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.withdrawal).toMatchObject({ id, status: 2, reason: 'rejected_by_operator', note: 'Documentos pendentes' });
    expect(h.published.at(-1)).toEqual({
      channels: [`private-universal.${p.id}`],
      event: wireEventName('BalanceUpdated'),
      data: { wallet: { balance: 1_000_000, balance_withdrawal: 1_000_000, deposit_count: 1 } },
    });
    expect((await h.operator('POST', `/withdrawals/${id}/reject`, LOCAL_KEY)).status).toBe(409);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable, m.entries]).toEqual([1_000_000n, 1_000_000n, 3]);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);

    // No body at all is a rejection without a reason.
    const second = await underReview();
    const bare = await h.app.request(`/api/operator/withdrawals/${second.id}/reject`, { method: 'POST', headers: { 'x-operator-key': LOCAL_KEY, host: 'platform.internal' } });
    expect(bare.status).toBe(200);
    expect((await h.withdrawal(second.id)).status).toBe(2);
  });

  it('refuses malformed ids and unknown withdrawals', async () => {
    expect((await h.operator('POST', '/withdrawals/abc/approve', LOCAL_KEY)).status).toBe(422);
    expect((await h.operator('POST', '/withdrawals/0/approve', LOCAL_KEY)).status).toBe(422);
    expect((await h.operator('POST', '/withdrawals/999999/approve', LOCAL_KEY)).status).toBe(404);
    expect((await h.operator('POST', '/withdrawals/999999/reject', LOCAL_KEY, { reason: 'a'.repeat(501) })).status).toBe(422);
  });
});
