import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEventName } from '../../../../src/contract/realtime.ts';
import { newEndToEndId } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { signWebhook } from '../../../../server/features/payments/signature.ts';
import { CLAIM_LEASE_MS, dispatchDueWithdrawals, dispatchWithdrawal, RECONCILE_AFTER_MS, reconcileProcessing } from '../../../../server/features/withdrawals/dispatch.ts';
import { afterHold, type Player, SECRET, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
});
afterAll(() => h.close());

/** A verified player with `balance` deposited, a CPF key and a pending withdrawal of `amount`. */
async function pending(amount = 5_000, balance = 10_000): Promise<{ p: Player; id: number; payoutId: string }> {
  const p = await h.player();
  await h.deposit(p.id, balance);
  const methodId = await h.method(p);
  const made = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount, method_id: methodId } });
  expect(made.status).toBe(201);
  const id = (made.body.withdrawal as { id: number }).id;
  return { p, id, payoutId: (await h.withdrawal(id)).payoutId };
}

const cancel = (p: Player, id: number) => h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: p.token, body: { id } });

async function expectBalanced(userId: number, balance: bigint) {
  const m = await h.money(userId);
  expect([m.balance, m.withdrawable]).toEqual([balance, balance]);
  expect(m.ledger).toEqual([m.balance, m.withdrawable]);
  return m;
}

function signedPost(body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature) headers['x-webhook-signature'] = signature;
  return h.app.request('/api/pix/webhook/payouts', { method: 'POST', headers, body });
}

describe('payout worker', () => {
  it('waits for the hold period, sends to the PSP (status 4), and the signed webhook approves it (status 1)', async () => {
    const { p, id, payoutId } = await pending();
    await dispatchDueWithdrawals(h.deps, new Date());
    expect((await h.withdrawal(id)).status).toBe(0);
    expect(await h.sandbox.getPayout(payoutId)).toBeNull();

    await dispatchDueWithdrawals(h.deps, afterHold());
    expect(await h.withdrawal(id)).toMatchObject({ status: 4, reason: null });
    expect(await h.sandbox.getPayout(payoutId)).toEqual({ id: payoutId, status: 'EM_PROCESSAMENTO' });
    // In flight: no cancel.
    expect((await cancel(p, id)).status).toBe(409);

    const { notification, status } = await h.sandbox.settlePayout(payoutId);
    expect(status).toBe(200);
    expect(notification.pagamentos[0]).toMatchObject({ idEnvio: payoutId, status: 'REALIZADO' });
    const row = await h.withdrawal(id);
    expect(row).toMatchObject({ status: 1, endToEndId: notification.pagamentos[0]!.endToEndId });
    expect((await h.call('GET', '/wallet/withdrawals', { token: p.token })).body.data).toMatchObject([{ id, status: 1 }]);
    expect((await expectBalanced(p.id, 5_000n)).entries).toBe(2);
  });

  it('a payout the PSP could not make (NAO_REALIZADO) ends in status 3 and releases the funds once, even replayed 50 times at once', async () => {
    const { p, id, payoutId } = await pending(7_000, 7_000);
    await dispatchDueWithdrawals(h.deps, afterHold());
    h.sandbox.failKey(p.cpf!);
    const before = h.published.length;
    const { notification } = await h.sandbox.settlePayout(payoutId);
    expect(notification.pagamentos[0]).toMatchObject({ status: 'NAO_REALIZADO', motivo: 'chave inexistente' });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => h.sandbox.deliverPayouts(notification)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await h.withdrawal(id)).toMatchObject({ status: 3, reason: 'invalid_pix_key', note: 'chave inexistente' });
    expect((await expectBalanced(p.id, 7_000n)).entries).toBe(3);
    const events = h.published.slice(before).filter((e) => e.channels[0] === `private-universal.${p.id}`);
    expect(events).toEqual([{ channels: [`private-universal.${p.id}`], event: wireEventName('BalanceUpdated'), data: { wallet: { balance: 7_000, balance_withdrawal: 7_000, deposit_count: 1 } } }]);
    const history = await h.call('GET', '/wallet/transactions?type=withdraws', { token: p.token });
    expect((history.body.data as Array<{ withdrawal: unknown }>).map((r) => r.withdrawal)).toEqual([
      { id, status: 3 },
      { id, status: 3 },
    ]);
  });

  it('50 concurrent replays of REALIZADO change the status once; a later NAO_REALIZADO for it changes nothing', async () => {
    const { p, id, payoutId } = await pending();
    await dispatchDueWithdrawals(h.deps, afterHold());
    const notification = { pagamentos: [{ idEnvio: payoutId, status: 'REALIZADO' as const, endToEndId: newEndToEndId(new Date()), horario: new Date().toISOString() }] };
    const statuses = await Promise.all(Array.from({ length: 50 }, () => h.sandbox.deliverPayouts(notification)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const paid = await h.withdrawal(id);
    expect(paid).toMatchObject({ status: 1, endToEndId: notification.pagamentos[0]!.endToEndId });
    expect(await h.sandbox.deliverPayouts({ pagamentos: [{ idEnvio: payoutId, status: 'NAO_REALIZADO', motivo: 'x', horario: new Date().toISOString() }] })).toBe(200);
    expect(await h.withdrawal(id)).toEqual(paid);
    expect((await expectBalanced(p.id, 5_000n)).entries).toBe(2);
  });

  it('refuses forged, unsigned and malformed payout webhooks (401/422) and changes nothing; unknown ids are acknowledged', async () => {
    const { p, id, payoutId } = await pending();
    await dispatchDueWithdrawals(h.deps, afterHold());
    const body = JSON.stringify({ pagamentos: [{ idEnvio: payoutId, status: 'NAO_REALIZADO', motivo: 'forjado', horario: new Date().toISOString() }] });
    for (const signature of [undefined, signWebhook(body, 'another-secret-000000000'), 'sha256=zz', signWebhook(`${body} `, SECRET)]) {
      expect((await signedPost(body, signature)).status).toBe(401);
    }
    expect((await signedPost('{"pagamentos":[]}', signWebhook('{"pagamentos":[]}', SECRET))).status).toBe(422);
    expect((await signedPost('{"pagamentos":', signWebhook('{"pagamentos":', SECRET))).status).toBe(400);
    const unknown = JSON.stringify({ pagamentos: [{ idEnvio: 'X'.repeat(32), status: 'REALIZADO', horario: new Date().toISOString() }] });
    expect((await signedPost(unknown, signWebhook(unknown, SECRET))).status).toBe(200);
    expect((await h.withdrawal(id)).status).toBe(4);
    expect((await expectBalanced(p.id, 5_000n)).entries).toBe(2);
  });

  it('a key the PSP refuses outright ends in status 3 with the funds back', async () => {
    const { p, id } = await pending(3_000, 3_000);
    h.sandbox.refuseKey(p.cpf!);
    await dispatchWithdrawal(h.deps, id, afterHold());
    expect(await h.withdrawal(id)).toMatchObject({ status: 3, reason: 'invalid_pix_key', note: 'chave inexistente' });
    await expectBalanced(p.id, 3_000n);
    expect(h.published.at(-1)).toMatchObject({ channels: [`private-universal.${p.id}`], data: { wallet: { balance: 3_000 } } });
  });

  it('a PSP failure the PSP confirms it never received leaves it pending and cancellable; it is retried', async () => {
    const { p, id, payoutId } = await pending();
    h.pspOverride.createPayout = async () => {
      throw new Error('503 from PSP');
    };
    try {
      expect(await dispatchWithdrawal(h.deps, id, afterHold())).toBe('retry');
    } finally {
      delete h.pspOverride.createPayout;
    }
    expect(await h.withdrawal(id)).toMatchObject({ status: 0, dispatchAttemptedAt: null });
    expect(await h.sandbox.getPayout(payoutId)).toBeNull();
    // The next pass sends it.
    expect(await dispatchWithdrawal(h.deps, id, afterHold())).toBe('sent');
    expect((await h.withdrawal(id)).status).toBe(4);
    expect((await cancel(p, id)).status).toBe(409);
  });

  it('an ambiguous PSP failure keeps the withdrawal out of the player’s reach until the PSP answers', async () => {
    const { p, id, payoutId } = await pending();
    const down = async () => {
      throw new Error('connection reset');
    };
    h.pspOverride.createPayout = async (input) => {
      // The PSP takes the payout, then the answer is lost.
      await h.sandbox.createPayout(input);
      throw new Error('timeout');
    };
    h.pspOverride.getPayout = down;
    const claimedAt = afterHold();
    try {
      expect(await dispatchWithdrawal(h.deps, id, claimedAt)).toBe('retry');
    } finally {
      delete h.pspOverride.createPayout;
      delete h.pspOverride.getPayout;
    }
    expect((await h.withdrawal(id)).status).toBe(0);
    const refused = await cancel(p, id);
    expect(refused.status).toBe(409);
    await expectBalanced(p.id, 5_000n);
    // Within the lease nobody resends; after it the worker does, and the PSP (idempotent by idEnvio) keeps one payout.
    expect(await dispatchWithdrawal(h.deps, id, new Date(claimedAt.getTime() + 1_000))).toBe('not_due');
    expect(await dispatchWithdrawal(h.deps, id, new Date(claimedAt.getTime() + CLAIM_LEASE_MS + 1))).toBe('sent');
    expect((await h.withdrawal(id)).status).toBe(4);
    expect(await h.sandbox.getPayout(payoutId)).toMatchObject({ status: 'EM_PROCESSAMENTO' });
  });

  it('asks the PSP about payouts whose webhook never came', async () => {
    const { p, id, payoutId } = await pending();
    const sentAt = afterHold();
    await dispatchWithdrawal(h.deps, id, sentAt);
    expect((await h.withdrawal(id)).status).toBe(4);
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 120_000);
    h.pspOverride.getPayout = async (asked) => (asked === payoutId ? { id: payoutId, status: 'NAO_REALIZADO', reason: 'conta encerrada' } : h.sandbox.getPayout(asked));
    try {
      expect(await reconcileProcessing(h.deps, later)).toBeGreaterThanOrEqual(1);
      // Asked once per period.
      expect(await reconcileProcessing(h.deps, new Date(later.getTime() + 1_000))).toBe(0);
    } finally {
      delete h.pspOverride.getPayout;
    }
    expect(await h.withdrawal(id)).toMatchObject({ status: 3, note: 'conta encerrada' });
    await expectBalanced(p.id, 10_000n);
  });
});

describe('cancel against dispatch', () => {
  it('exactly one of a concurrent cancel and dispatch wins, every time', async () => {
    const outcomes = { cancelled: 0, sent: 0 };
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let i = 0; i < 12; i++) {
      const { p, id, payoutId } = await pending(2_500, 2_500);
      // The dispatch starts a little later each round, so the race is met at different points (both outcomes occur on both databases).
      const later = async () => {
        if (i < 4) for (let k = 0; k < i; k++) await tick();
        else await pause(i - 4);
        return dispatchWithdrawal(h.deps, id, afterHold());
      };
      const [cancelled, dispatched] = await Promise.all([cancel(p, id), later()]);
      const row = await h.withdrawal(id);
      const payout = await h.sandbox.getPayout(payoutId);
      if (cancelled.status === 200) {
        outcomes.cancelled += 1;
        expect(dispatched).toBe('not_due');
        expect(row.status).toBe(2);
        expect(payout).toBeNull();
        await expectBalanced(p.id, 2_500n);
      } else {
        outcomes.sent += 1;
        expect(cancelled.status).toBe(409);
        expect(dispatched).toBe('sent');
        expect(row.status).toBe(4);
        expect(payout).not.toBeNull();
        await expectBalanced(p.id, 0n);
      }
    }
    expect(outcomes.cancelled + outcomes.sent).toBe(12);
  });
});
