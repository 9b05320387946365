import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEventName } from '../../../../src/contract/realtime.ts';
import { WITHDRAWALS_PAGE_SIZE } from '../../../../src/contract/wallet.ts';
import { withdrawals } from '../../../../server/db/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { dispatchDueWithdrawals } from '../../../../server/features/withdrawals/dispatch.ts';
import { afterHold, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
});
afterAll(() => h.close());

const request = (token: string, body: unknown, lang = 'en') => h.call('POST', '/wallet/withdraw/request', { token, body, lang });
const cancel = (token: string, id: unknown) => h.call('POST', '/main-gateway/user-cancel-withdrawal', { token, body: { id } });
const withdrawalsOf = async (userId: number) => h.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));

describe('withdrawal requests', () => {
  it('happy path: request reserves the funds at once, cancel gives them back once, history shows both', async () => {
    const p = await h.player();
    await h.deposit(p.id, 10_000);
    const methodId = await h.method(p);

    const made = await request(p.token, { amount: 4_000, method_id: methodId });
    expect(made.status).toBe(201);
    const withdrawal = made.body.withdrawal as Record<string, unknown>;
    expect(withdrawal).toMatchObject({ amount: 4_000, status: 0, reason: null, method: { id: methodId, type: 'cpf', key: p.cpf } });
    expect(made.body.wallet).toEqual({ balance: 6_000, balance_withdrawal: 6_000, deposit_count: 1 });
    // The site counts down to the end of the hold period (WITHDRAWAL_HOLD_SECONDS, 60 s by default).
    expect(Date.parse(withdrawal.cancellable_until as string) - Date.parse(withdrawal.created_at as string)).toBe(60_000);
    expect(h.published.at(-1)).toEqual({
      channels: [`private-universal.${p.id}`],
      event: wireEventName('BalanceUpdated'),
      data: { wallet: { balance: 6_000, balance_withdrawal: 6_000, deposit_count: 1 } },
    });

    const list = await h.call('GET', '/wallet/withdrawals', { token: p.token });
    expect(list.body).toEqual({ data: [withdrawal], current_page: 1, last_page: 1, total: 1 });

    const cancelled = await cancel(p.token, withdrawal.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.withdrawal).toMatchObject({ id: withdrawal.id, status: 2, reason: 'cancelled_by_player' });
    expect(cancelled.body.wallet).toEqual({ balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 });
    expect((h.published.at(-1)?.data as { wallet: unknown }).wallet).toEqual({ balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 });
    // A second cancel is refused and moves nothing.
    const again = await cancel(p.token, withdrawal.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This withdrawal can no longer be cancelled: it was already sent to the bank or closed.');
    // Nothing is sent for a cancelled withdrawal.
    expect(await dispatchDueWithdrawals(h.deps, afterHold())).toEqual({ sent: 0, invalidKey: 0, retry: 0 });

    const history = await h.call('GET', '/wallet/transactions?type=withdraws', { token: p.token });
    expect(history.body).toMatchObject({ total: 2 });
    expect((history.body.data as unknown[]).map((r) => (r as Record<string, unknown>).amount)).toEqual([4_000, -4_000]);
    for (const row of history.body.data as Array<Record<string, unknown>>) {
      expect(row.withdrawal).toEqual({ id: withdrawal.id, status: 2 });
      expect(row.reference).toMatch(new RegExp(`^withdrawal(-release)?:${withdrawal.id as number}$`));
    }
    const all = await h.call('GET', '/wallet/transactions', { token: p.token });
    expect((all.body.data as Array<Record<string, unknown>>).at(-1)).not.toHaveProperty('withdrawal');

    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable]).toEqual([10_000n, 10_000n]);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);
    expect(m.entries).toBe(3);
  });

  it('puts amounts from WITHDRAWAL_REVIEW_CENTAVOS under review (status 5), still cancellable', async () => {
    const p = await h.player();
    await h.deposit(p.id, 1_000_000);
    const methodId = await h.method(p);
    const big = await request(p.token, { amount: 500_000, method_id: methodId });
    expect(big.status).toBe(201);
    // Under review: cancellable with no deadline to show.
    expect(big.body.withdrawal).toMatchObject({ status: 5, cancellable_until: null });
    const small = await request(p.token, { amount: 499_999, method_id: methodId });
    expect(small.body.withdrawal).toMatchObject({ status: 0 });
    // Under review is never sent by the worker.
    const summary = await dispatchDueWithdrawals(h.deps, afterHold());
    expect(summary.sent).toBe(1);
    expect((await h.withdrawal((big.body.withdrawal as { id: number }).id)).status).toBe(5);
    expect((await cancel(p.token, (big.body.withdrawal as { id: number }).id)).body.withdrawal).toMatchObject({ status: 2 });
  });

  it('refuses bad amounts and bodies, moving nothing', async () => {
    const p = await h.player();
    await h.deposit(p.id, 50_000);
    const methodId = await h.method(p);
    const before = await h.money(p.id);
    for (const amount of [-100, 0, 50.5, 1e15, '5000', null, Number.NaN, true]) {
      const answer = await request(p.token, { amount, method_id: methodId });
      expect([amount, answer.status]).toEqual([amount, 422]);
      expect(answer.body.errors).toHaveProperty('amount');
    }
    expect((await request(p.token, { method_id: methodId })).status).toBe(422);
    for (const method_id of [0, -1, 1.5, '1', null]) expect((await request(p.token, { amount: 5_000, method_id })).status).toBe(422);
    expect((await request(p.token, '{"amount":')).status).toBe(400);
    expect((await request('', { amount: 5_000, method_id: methodId })).status).toBe(401);
    expect(await h.money(p.id)).toEqual(before);
    expect(await withdrawalsOf(p.id)).toHaveLength(0);
  });

  it('refuses amounts outside the tenant range, naming it in BRL', async () => {
    const p = await h.player();
    await h.deposit(p.id, 5_000_000);
    const methodId = await h.method(p);
    const low = await request(p.token, { amount: 1_999, method_id: methodId });
    expect(low.status).toBe(422);
    expect(low.body).toEqual({
      message: 'The withdrawal amount must be between R$20.00 and R$20,000.00.',
      errors: { amount: ['The withdrawal amount must be between R$20.00 and R$20,000.00.'] },
      min: 2_000,
      max: 2_000_000,
    });
    const high = await request(p.token, { amount: 2_000_001, method_id: methodId }, 'pt-BR');
    expect(high.body.message).toBe('O valor do saque deve ser entre R$\u00a020,00 e R$\u00a020.000,00.');
    expect(await withdrawalsOf(p.id)).toHaveLength(0);
    expect((await h.money(p.id)).entries).toBe(1);
  });

  it('refuses more than the withdrawable balance (bonus money is not withdrawable)', async () => {
    const p = await h.player();
    await h.deposit(p.id, 3_000);
    await applyMovement(h.db, { tenantId: h.tenants.local, userId: p.id, type: 'bonus', amount: 10_000 });
    const methodId = await h.method(p);
    const refused = await request(p.token, { amount: 3_001, method_id: methodId });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'Not enough withdrawable balance.', errors: { amount: ['Not enough withdrawable balance.'] } });
    expect(await withdrawalsOf(p.id)).toHaveLength(0);
    expect((await request(p.token, { amount: 3_000, method_id: methodId })).status).toBe(201);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable]).toEqual([10_000n, 0n]);
    expect(m.ledger).toEqual([m.balance, m.withdrawable]);
  });

  it('refuses a player with neither e-mail nor phone verified', async () => {
    const p = await h.player({ verified: null });
    await h.deposit(p.id, 10_000);
    const methodId = await h.method(p);
    const refused = await request(p.token, { amount: 5_000, method_id: methodId }, 'pt-BR');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'Verifique seu e-mail ou seu celular antes de sacar.', missing_verification: ['email', 'phone'] });
    expect(await withdrawalsOf(p.id)).toHaveLength(0);
    // Either verification is enough.
    const byEmail = await h.player({ verified: 'email' });
    await h.deposit(byEmail.id, 10_000);
    expect((await request(byEmail.token, { amount: 5_000, method_id: await h.method(byEmail) })).status).toBe(201);
  });

  it('someone else’s method or withdrawal answers 404 and moves nothing', async () => {
    const owner = await h.player();
    const thief = await h.player();
    await h.deposit(owner.id, 10_000);
    await h.deposit(thief.id, 10_000);
    const ownerMethod = await h.method(owner);
    const thiefMethod = await h.method(thief);
    const wrongMethod = await request(thief.token, { amount: 5_000, method_id: ownerMethod });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toEqual({ message: 'Withdrawal Pix key not found.' });
    expect((await request(thief.token, { amount: 5_000, method_id: 999_999 })).body).toEqual(wrongMethod.body);

    const made = await request(owner.token, { amount: 5_000, method_id: ownerMethod });
    const id = (made.body.withdrawal as { id: number }).id;
    const stolen = await cancel(thief.token, id);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Withdrawal not found.' });
    expect((await cancel(thief.token, 999_999)).body).toEqual(stolen.body);
    expect((await h.withdrawal(id)).status).toBe(0);

    // Another tenant's player with the same id space sees nothing either.
    const elsewhere = await h.player({ tenantId: h.tenants.sorte });
    expect((await h.call('POST', '/main-gateway/user-cancel-withdrawal', { token: elsewhere.token, host: 'sorte.localhost', body: { id } })).status).toBe(404);

    expect((await h.money(owner.id)).balance).toBe(5_000n);
    expect((await h.money(thief.id)).balance).toBe(10_000n);
    expect((await h.call('GET', '/wallet/withdrawals', { token: thief.token })).body).toMatchObject({ total: 0, data: [] });
    expect(thiefMethod).not.toBe(ownerMethod);
  });

  it('pages the player’s withdrawals newest first', async () => {
    const p = await h.player();
    await h.deposit(p.id, 1_000_000);
    const methodId = await h.method(p);
    for (let i = 1; i <= WITHDRAWALS_PAGE_SIZE + 2; i++) expect((await request(p.token, { amount: 2_000 + i, method_id: methodId })).status).toBe(201);
    const first = await h.call('GET', '/wallet/withdrawals', { token: p.token });
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: WITHDRAWALS_PAGE_SIZE + 2 });
    expect((first.body.data as Array<{ amount: number }>)[0]!.amount).toBe(2_000 + WITHDRAWALS_PAGE_SIZE + 2);
    const second = await h.call('GET', '/wallet/withdrawals?page=2', { token: p.token });
    expect((second.body.data as Array<{ amount: number }>).map((w) => w.amount)).toEqual([2_002, 2_001]);
    expect((await h.call('GET', '/wallet/withdrawals?page=0', { token: p.token })).status).toBe(422);
  });
});
