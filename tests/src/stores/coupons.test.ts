// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signedInForEachTest } from './auth-fake-api.ts';

/** The coupon field's store (spec "Coupon": invalid, loading, valid; cache per code; empty skipped) and the running bonuses. */
signedInForEachTest();

const BONUS = { id: 3, source: 'coupon', description: 'BEMVINDO10', amount: 1000, rollover_required: 3000, rollover_done: 0, progress: 0, status: 'active', expires_at: '2026-12-03T12:00:00.000Z', created_at: '2026-11-26T12:00:00.000Z' };
const VALID = {
  coupon: 'BEMVINDO10',
  status: 'valid',
  message: 'Cupom aplicado: R$ 10,00 de bônus.',
  reward: { kind: 'bonus', amount: 1000, rollover_multiplier: 3, expires_days: 7 },
  bonus: BONUS,
  wallet: { balance: 1000, balance_withdrawal: 0, deposit_count: 0 },
};

describe('coupons store', () => {
  it('skips an empty code, marks a refused one invalid with the platform words, applies a valid one once and caches it', async () => {
    const { calls } = fakeApi({
      'POST /bonuses/check-coupon': (body) =>
        (body as { coupon: string }).coupon === 'BEMVINDO10' ? { json: VALID } : { status: 422, json: { code: 'coupon_invalid', message: 'Cupom inválido. Confira o código e tente de novo.' } },
      'GET /wallet/bonuses': () => ({ json: { data: [], current_page: 1, last_page: 1, total: 0, active: [BONUS] } }),
    });
    const c = await import('../../../src/stores/coupons.ts');
    const b = await import('../../../src/stores/bonuses.ts');
    const w = await import('../../../src/stores/wallet.ts');

    c.setCouponInput('   ');
    expect(await c.checkCoupon()).toEqual({ status: 'idle' });
    expect(calls).toHaveLength(0);

    c.setCouponInput('errado1');
    const pending = c.checkCoupon();
    expect(c.$coupon.get()).toEqual({ status: 'loading', code: 'ERRADO1' });
    expect(await pending).toEqual({ status: 'invalid', code: 'ERRADO1', message: 'Cupom inválido. Confira o código e tente de novo.' });
    // Typing another code clears the rejection.
    c.setCouponInput('bemvindo10');
    expect(c.$coupon.get()).toEqual({ status: 'idle' });

    expect(await c.checkCoupon()).toMatchObject({ status: 'valid', code: 'BEMVINDO10', answer: { message: VALID.message } });
    expect(w.$wallet.get()).toEqual(VALID.wallet);
    await vi.waitFor(() => expect(b.$activeBonuses.get()).toEqual({ status: 'ready', bonuses: [BONUS] }));
    const posts = () => calls.filter((call) => call.method === 'POST');
    expect(posts().map((p) => p.body)).toEqual([{ coupon: 'ERRADO1' }, { coupon: 'BEMVINDO10' }]);

    // The same code again: the cached answer, no second request.
    c.setCouponInput(' BemVindo10 ');
    expect(await c.checkCoupon()).toMatchObject({ status: 'valid', code: 'BEMVINDO10' });
    expect(posts()).toHaveLength(2);
  });

  it('one click, one request: a second check while one runs is ignored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = fakeApi({
      'POST /bonuses/check-coupon': () => ({ json: VALID }),
      'GET /wallet/bonuses': () => ({ json: { data: [], current_page: 1, last_page: 1, total: 0, active: [] } }),
    });
    const c = await import('../../../src/stores/coupons.ts');
    c.setCouponInput('BEMVINDO10');
    const first = c.checkCoupon();
    const second = c.checkCoupon();
    expect(await second).toEqual({ status: 'loading', code: 'BEMVINDO10' });
    release();
    await gate;
    expect((await first).status).toBe('valid');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('a regulated refusal (403) is shown, not swallowed', async () => {
    fakeApi({ 'POST /bonuses/check-coupon': () => ({ status: 403, json: { message: 'Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).' } }) });
    const c = await import('../../../src/stores/coupons.ts');
    expect(await c.checkCoupon('ANTIGO10')).toEqual({ status: 'invalid', code: 'ANTIGO10', message: 'Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).' });
  });
});
