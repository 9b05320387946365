import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { TRANSACTIONS_PAGE_SIZE } from '../../../../server/features/wallet/transactions.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

describe('wallet routes', () => {
  it('GET /profile/wallet answers the player’s own figures in centavos', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690001');
    const userId = user.id as number;
    expect((await h.call('GET', '/profile/wallet', { token })).body).toEqual({ wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 } });
    await applyMovement(h.db, { tenantId: h.tenants.local, userId, type: 'deposit', amount: 5000, reference: 'txid-r1' });
    await applyMovement(h.db, { tenantId: h.tenants.local, userId, type: 'bonus', amount: 1234 });
    const answer = await h.call('GET', '/profile/wallet', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ wallet: { balance: 6234, balance_withdrawal: 5000, deposit_count: 1 } });
    // Another player sees only their own wallet.
    const other = await registerPlayer(h, '+5511987690002');
    expect((await h.call('GET', '/profile/wallet', { token: other.token })).body).toEqual({ wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 } });
  });

  it('refuses visitors with 401', async () => {
    for (const path of ['/profile/wallet', '/wallet/transactions']) {
      expect((await h.call('GET', path)).status).toBe(401);
      expect((await h.call('GET', path, { headers: { 'guest-id': 'guest-abcdefgh12' } })).status).toBe(401);
      expect((await h.call('GET', path, { token: 'not-a-token' })).status).toBe(401);
    }
  });

  it('GET /wallet/transactions pages deposits and withdrawals, newest first, with filters', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690003');
    const userId = user.id as number;
    const t = h.tenants.local;
    for (let i = 1; i <= 17; i++) await applyMovement(h.db, { tenantId: t, userId, type: 'deposit', amount: i * 100, reference: `txid-p${i}` });
    await applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -500, reference: 'wd-1' });
    await applyMovement(h.db, { tenantId: t, userId, type: 'withdraw', amount: -700, reference: 'wd-2' });
    await applyMovement(h.db, { tenantId: t, userId, type: 'bet', amount: -100, reference: 'round-x' });

    const first = await h.call('GET', '/wallet/transactions', { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current_page: 1, last_page: 2, total: 19 });
    const rows = first.body.data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(TRANSACTIONS_PAGE_SIZE);
    expect(rows[0]).toMatchObject({ type: 'withdraw', amount: -700, reference: 'wd-2', metadata: {} });
    expect(typeof rows[0]!.created_at).toBe('string');
    expect(rows[1]).toMatchObject({ type: 'withdraw', amount: -500 });
    expect(rows[2]).toMatchObject({ type: 'deposit', amount: 1700 });

    const second = await h.call('GET', '/wallet/transactions?page=2&type=all', { token });
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 19 });
    expect((second.body.data as unknown[]).length).toBe(4);

    const deposits = await h.call('GET', '/wallet/transactions?type=deposits&page=2', { token });
    expect(deposits.body).toMatchObject({ current_page: 2, last_page: 2, total: 17 });
    expect((deposits.body.data as Array<{ amount: number }>).map((r) => r.amount)).toEqual([200, 100]);

    const withdraws = await h.call('GET', '/wallet/transactions?type=withdraws', { token });
    expect(withdraws.body).toMatchObject({ current_page: 1, last_page: 1, total: 2 });

    const beyond = await h.call('GET', '/wallet/transactions?page=9', { token });
    expect(beyond.body).toEqual({ data: [], current_page: 9, last_page: 2, total: 19 });

    // Another player's history is not visible.
    const other = await registerPlayer(h, '+5511987690004');
    expect((await h.call('GET', '/wallet/transactions', { token: other.token })).body).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
  });

  it('refuses bad query values with 422', async () => {
    const { token } = await registerPlayer(h, '+5511987690005');
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['type=bets', 'type'],
    ] as const) {
      const answer = await h.call('GET', `/wallet/transactions?${query}`, { token });
      expect([query, answer.status, Object.keys(answer.body.errors as object)]).toEqual([query, 422, [field]]);
    }
  });
});

describe('user object wallet', () => {
  it('GET /profile and /auth/me carry the real wallet', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690006');
    expect(user.wallet).toEqual({ balance: 0, balance_withdrawal: 0, deposit_count: 0 });
    await applyMovement(h.db, { tenantId: h.tenants.local, userId: user.id as number, type: 'deposit', amount: 2500, reference: 'txid-u1' });
    const expected = { balance: 2500, balance_withdrawal: 2500, deposit_count: 1 };
    expect(((await h.call('GET', '/profile', { token })).body.user as { wallet: unknown }).wallet).toEqual(expected);
    expect(((await h.call('GET', '/auth/me', { token })).body.data as { wallet: unknown }).wallet).toEqual(expected);
  });
});
