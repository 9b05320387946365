// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashbackItemView } from '../../../src/contract/cashback.ts';
import { fakeApi, USER } from './auth-fake-api.ts';

/** The cashback card's store: the list on the platform's clock, one claim per click, refusals in the platform's words. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 1_000, balance_withdrawal: 1_000, deposit_count: 1 } }));
});
afterEach(() => vi.unstubAllGlobals());

const ITEM: CashbackItemView = {
  id: 3,
  period_start: '2026-11-23',
  period_end: '2026-11-29',
  losses: 4_000,
  amount: 400,
  type: 'calendar',
  available_at: '2026-11-30T15:00:00.000Z',
  claimed: 0,
  claimed_amount: 0,
  claims_total: 3,
  claims_available: 1,
  next_claim_amount: 133,
};

describe('cashback store', () => {
  it('loads the items and counts the windows on the platform\'s clock, not the browser\'s', async () => {
    // The platform says 12:00:30 in São Paulo on the release day; the browser is an hour behind.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-30T14:00:30Z'));
    fakeApi({ 'GET /bonuses/cashback': () => ({ json: { data: [ITEM], enabled: true, now: '2026-11-30T15:00:30.000Z' } }) });
    const s = await import('../../../src/stores/cashback.ts');
    await s.loadCashback();
    const state = s.$cashback.get();
    expect(state).toMatchObject({ status: 'ready', enabled: true, items: [ITEM] });
    expect(s.claimsLeftNow(ITEM, s.platformNow(state))).toBe(1);
    // 61 seconds later by the browser's clock: 12:01:31 on the platform's, the second window.
    expect(s.claimsLeftNow(ITEM, s.platformNow(state, Date.parse('2026-11-30T14:01:31Z')))).toBe(2);
    vi.restoreAllMocks();
  });

  it('claims once per click with an Idempotency-Key, and the item and the wallet take the answer', async () => {
    const claimed = { ...ITEM, claimed: 1, claimed_amount: 133, claims_available: 0, next_claim_amount: 133 };
    const { calls } = fakeApi({
      'GET /bonuses/cashback': () => ({ json: { data: [ITEM], enabled: true, now: new Date().toISOString() } }),
      'POST /bonuses/cashback/claim': () => ({ json: { item: claimed, wallet: { balance: 1_133, balance_withdrawal: 1_066, deposit_count: 1 }, amount: 133 } }),
    });
    const s = await import('../../../src/stores/cashback.ts');
    const { $wallet } = await import('../../../src/stores/wallet.ts');
    await s.loadCashback();
    const [first, second] = await Promise.all([s.claimCashback(ITEM), s.claimCashback(ITEM)]);
    expect([first, second]).toEqual([true, false]);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ cashback_id: 3 });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect($wallet.get()?.balance).toBe(1_133);
    expect(s.$cashback.get()).toMatchObject({ items: [claimed] });
    expect(s.$claimNotice.get()).toEqual({ kind: 'success', amount: 133 });
    expect(s.$claiming.get()).toBeNull();
  });

  it('shows a refusal in the platform\'s words and reloads the list', async () => {
    const { calls } = fakeApi({
      'GET /bonuses/cashback': () => ({ json: { data: [ITEM], enabled: true, now: new Date().toISOString() } }),
      'POST /bonuses/cashback/claim': () => ({ status: 422, json: { message: 'Este cashback ainda não pode ser resgatado.', errors: { cashback_id: ['Este cashback ainda não pode ser resgatado.'] } } }),
    });
    const s = await import('../../../src/stores/cashback.ts');
    await s.loadCashback();
    expect(await s.claimCashback(ITEM)).toBe(false);
    expect(s.$claimNotice.get()).toEqual({ kind: 'error', message: { text: 'Este cashback ainda não pode ser resgatado.' } });
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });
});
