import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPayoutWorker } from '../../../../server/features/withdrawals/worker.ts';
import { afterHold, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  // The sandbox settles payouts by itself, as it does in the running platform.
  h = await withdrawalHarness({ payoutDelayMs: 0 });
});
afterAll(() => h.close());

describe('withdrawals end to end', () => {
  it('deposit by Pix, register a key, withdraw, worker pays out, sandbox webhook approves; another is cancelled; history shows it all', async () => {
    const p = await h.player({ verified: 'email' });
    const charge = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 10_000 } });
    expect(charge.status).toBe(200);
    expect((await h.sandbox.settle(charge.body.txid as string)).status).toBe(200);

    const methods = await h.call('GET', '/wallet/withdraw/methods', { token: p.token });
    expect(methods.body).toEqual({ methods: [], limits: { min: 2_000, max: 2_000_000 }, missing_verification: [] });
    const method = await h.call('POST', '/wallet/withdraw/method', { token: p.token, body: { type: 'email', key: p.email } });
    expect(method.status).toBe(201);
    const methodId = (method.body.method as { id: number }).id;

    const paid = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 6_000, method_id: methodId } });
    const cancelled = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 3_000, method_id: methodId } });
    expect(cancelled.body.wallet).toEqual({ balance: 1_000, balance_withdrawal: 1_000, deposit_count: 1 });
    const paidId = (paid.body.withdrawal as { id: number }).id;
    const cancelledId = (cancelled.body.withdrawal as { id: number }).id;
    expect((await h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: p.token, body: { id: cancelledId } })).status).toBe(200);

    const worker = startPayoutWorker({ ...h.deps, now: afterHold }, { intervalMs: 3_600_000 });
    try {
      await worker.tick();
    } finally {
      await worker.stop();
    }
    await h.sandbox.whenIdle();

    const list = await h.call('GET', '/wallet/withdrawals', { token: p.token });
    expect((list.body.data as Array<Record<string, unknown>>).map((w) => [w.id, w.status, w.reason])).toEqual([
      [cancelledId, 2, 'cancelled_by_player'],
      [paidId, 1, null],
    ]);
    expect((await h.withdrawal(paidId)).endToEndId).toMatch(/^E99999999\d{12}[A-Za-z0-9]{11}$/);

    const history = await h.call('GET', '/wallet/transactions', { token: p.token });
    expect((history.body.data as Array<Record<string, unknown>>).map((r) => [r.type, r.amount, r.withdrawal ?? null])).toEqual([
      ['withdraw', 3_000, { id: cancelledId, status: 2 }],
      ['withdraw', -3_000, { id: cancelledId, status: 2 }],
      ['withdraw', -6_000, { id: paidId, status: 1 }],
      ['deposit', 10_000, null],
    ]);
    expect((await h.call('GET', '/profile/wallet', { token: p.token })).body).toEqual({ wallet: { balance: 4_000, balance_withdrawal: 4_000, deposit_count: 1 } });
    const m = await h.money(p.id);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);
  });
});

describe('withdrawals without a hold period', () => {
  it('are sent as soon as they are made and paid without waiting for the worker', async () => {
    const quick = await withdrawalHarness({ payoutDelayMs: 0, env: { WITHDRAWAL_HOLD_SECONDS: '0' } });
    try {
      const p = await quick.player();
      await quick.deposit(p.id, 5_000);
      const made = await quick.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 5_000, method_id: await quick.method(p) } });
      expect(made.status).toBe(201);
      const id = (made.body.withdrawal as { id: number }).id;
      // Waits for the outcome (the immediate dispatch runs after the answer), not for a time.
      await vi.waitFor(async () => expect((await quick.withdrawal(id)).status).toBe(1), { timeout: 10_000, interval: 20 });
    } finally {
      await quick.sandbox.whenIdle();
      await quick.close();
    }
  });
});
