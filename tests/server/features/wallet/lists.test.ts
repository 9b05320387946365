import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

describe('GET /wallet/bets', () => {
  it('lists stakes and wins with game, value, bonus use and refunds, newest first', async () => {
    const { token, user } = await registerPlayer(h, '+5511987691001');
    const base = { tenantId: h.tenants.local, userId: user.id as number };
    await applyMovement(h.db, { ...base, type: 'deposit', amount: 1000, reference: 'e2e-bets-1' });
    await applyMovement(h.db, { ...base, type: 'bonus', amount: 500, metadata: { description: 'Boas-vindas' } });
    // Spends the 500 of bonus first: a stake with bonus money.
    await applyMovement(h.db, { ...base, type: 'bet', amount: -300, reference: 'round-1', metadata: { game: 'Fortune Tiger' } });
    await applyMovement(h.db, { ...base, type: 'win', amount: 900, reference: 'round-1-win', metadata: { game: 'Fortune Tiger' } });
    // Bonus is gone now (200 left of it, then 400 real): this stake uses some real money too but still bonus.
    await applyMovement(h.db, { ...base, type: 'bet', amount: -200, reference: 'round-2', metadata: { game: 'Aviator' } });
    await applyMovement(h.db, { ...base, type: 'bet', amount: -150, reference: 'round-3', metadata: { game: 'Aviator' } });
    // round-3 is refunded by the provider: a bet credit naming it, not listed itself.
    await applyMovement(h.db, { ...base, type: 'bet', amount: 150, withdrawableDelta: 150, reference: 'round-3-refund', metadata: { refund_of: 'round-3' } });

    const answer = await h.call('GET', '/wallet/bets', { token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ current_page: 1, last_page: 1, total: 4 });
    const rows = (answer.body.data as Array<Record<string, unknown>>).map(({ type, game, value, with_bonus, refunded }) => ({ type, game, value, with_bonus, refunded }));
    expect(rows).toEqual([
      { type: 'bet', game: 'Aviator', value: 150, with_bonus: false, refunded: true },
      { type: 'bet', game: 'Aviator', value: 200, with_bonus: true, refunded: false },
      { type: 'win', game: 'Fortune Tiger', value: 900, with_bonus: false, refunded: false },
      { type: 'bet', game: 'Fortune Tiger', value: 300, with_bonus: true, refunded: false },
    ]);
    expect(typeof (answer.body.data as Array<{ date: string }>)[0]!.date).toBe('string');

    const other = await registerPlayer(h, '+5511987691002');
    expect((await h.call('GET', '/wallet/bets', { token: other.token })).body).toEqual({ data: [], current_page: 1, last_page: 1, total: 0 });
  });

  it('pages by 15 and refuses visitors and bad pages', async () => {
    const { token, user } = await registerPlayer(h, '+5511987691003');
    const base = { tenantId: h.tenants.local, userId: user.id as number };
    await applyMovement(h.db, { ...base, type: 'deposit', amount: 10_000, reference: 'e2e-bets-2' });
    for (let i = 1; i <= 16; i++) await applyMovement(h.db, { ...base, type: 'bet', amount: -i, reference: `r-${i}` });
    const second = await h.call('GET', '/wallet/bets?page=2', { token });
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 16 });
    expect((second.body.data as Array<{ value: number }>).map((r) => r.value)).toEqual([1]);
    expect((await h.call('GET', '/wallet/bets')).status).toBe(401);
    expect((await h.call('GET', '/wallet/bets?page=0', { token })).status).toBe(422);
    expect((await h.call('GET', '/wallet/bets?page=x', { token })).status).toBe(422);
  });
});

describe('GET /wallet/bonuses', () => {
  it('lists bonus credits and rollover releases with their description', async () => {
    const { token, user } = await registerPlayer(h, '+5511987691004');
    const base = { tenantId: h.tenants.local, userId: user.id as number };
    await applyMovement(h.db, { ...base, type: 'deposit', amount: 1000, reference: 'e2e-bonus-1' });
    await applyMovement(h.db, { ...base, type: 'bonus', amount: 2500, metadata: { coupon: 'BEMVINDO' } });
    await applyMovement(h.db, { ...base, type: 'rollover', amount: 0, withdrawableDelta: 2500, metadata: { description: 'Rollover cumprido' } });
    const answer = await h.call('GET', '/wallet/bonuses', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect((answer.body.data as Array<Record<string, unknown>>).map(({ type, amount, description }) => ({ type, amount, description }))).toEqual([
      { type: 'rollover', amount: 0, description: 'Rollover cumprido' },
      { type: 'bonus', amount: 2500, description: 'BEMVINDO' },
    ]);
    expect((await h.call('GET', '/wallet/bonuses')).status).toBe(401);
    expect((await h.call('GET', '/wallet/bonuses?page=-2', { token })).status).toBe(422);
  });
});
