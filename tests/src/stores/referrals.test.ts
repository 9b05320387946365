// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/** The /refers store: the affiliates call, the link per locale, share addresses, copy and the share sheet. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ANSWER = { code: 'ABCD2345', reward_per_friend: 1000, qualifying_deposit: 1000, regulated: false, data: [], totals: { friends: 0, qualified: 0, rewards: 0 } };

describe('referrals store', () => {
  it('loads the code and friends; a failure shows the error state', async () => {
    fakeApi({ 'GET /profile/affiliates': () => ({ json: ANSWER }) });
    const r = await import('../../../src/stores/referrals.ts');
    await r.loadReferrals();
    expect(r.$referrals.get()).toEqual({ status: 'ready', answer: ANSWER });
    vi.resetModules();
    fakeApi({ 'GET /profile/affiliates': () => ({ status: 500, json: {} }) });
    const again = await import('../../../src/stores/referrals.ts');
    await again.loadReferrals();
    expect(again.$referrals.get()).toEqual({ status: 'error' });
  });

  it('builds the link on the site’s home in the page language and share addresses that carry it', async () => {
    const r = await import('../../../src/stores/referrals.ts');
    expect(r.referralLink('https://ipe.bet', 'pt', 'ABCD2345')).toBe('https://ipe.bet/?ref=ABCD2345');
    expect(r.referralLink('https://ipe.bet', 'en', 'ABCD2345')).toBe('https://ipe.bet/en?ref=ABCD2345');
    const targets = r.shareTargets('https://ipe.bet/?ref=ABCD2345', 'Venha jogar!', 'Convite');
    expect(targets.whatsapp).toBe('https://wa.me/?text=Venha%20jogar!%20https%3A%2F%2Fipe.bet%2F%3Fref%3DABCD2345');
    expect(targets.telegram).toContain('https://t.me/share/url?url=https%3A%2F%2Fipe.bet%2F%3Fref%3DABCD2345');
    expect(targets.x).toContain('https://x.com/intent/post?');
    expect(targets.email).toBe('mailto:?subject=Convite&body=Venha%20jogar!%20https%3A%2F%2Fipe.bet%2F%3Fref%3DABCD2345');
  });

  it('copy says "copied" for a moment, or "failed" without a clipboard', async () => {
    vi.useFakeTimers();
    const r = await import('../../../src/stores/referrals.ts');
    const written: string[] = [];
    expect(await r.copyReferralLink('L', { writeText: async (text) => void written.push(text) })).toBe(true);
    expect(written).toEqual(['L']);
    expect(r.$referralCopy.get()).toBe('copied');
    vi.advanceTimersByTime(3000);
    expect(r.$referralCopy.get()).toBe('idle');
    expect(await r.copyReferralLink('L', null)).toBe(false);
    expect(r.$referralCopy.get()).toBe('failed');
    expect(await r.copyReferralLink('L', { writeText: () => Promise.reject(new Error('denied')) })).toBe(false);
  });

  it('uses the share sheet only where the browser has one', async () => {
    const r = await import('../../../src/stores/referrals.ts');
    const shared: unknown[] = [];
    expect(await r.shareReferralLink({ url: 'u', text: 't', title: 'b' }, { share: async (data) => void shared.push(data) })).toBe(true);
    expect(shared).toEqual([{ url: 'u', text: 't', title: 'b' }]);
    expect(await r.shareReferralLink({ url: 'u', text: 't', title: 'b' }, {} as Navigator)).toBe(false);
  });
});

describe('the referral reward in the transaction history', () => {
  it('is named as a referral, other bonuses stay bonuses', async () => {
    const { transactionKindKey } = await import('../../../src/stores/transactions.ts');
    expect(transactionKindKey({ type: 'bonus', amount: 1000, metadata: { source: 'referral', referred_user_id: 7 } })).toBe('refer.transaction');
    expect(transactionKindKey({ type: 'bonus', amount: 1000, metadata: {} })).toBe('wallet.transactions.kind.bonus');
  });
});
