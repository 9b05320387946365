import { describe, expect, it } from 'vitest';
import { firstDepositEvent, isFirstDeposit, purchaseEvents, pushToDataLayer } from '../../../../src/lib/wallet/data-layer.ts';

/** Deposit marketing events go to the page's data layer only (spec section 9). */
describe('data layer', () => {
  it('creates `dataLayer` when no tag manager did, and appends to an existing one through its push', () => {
    const page: Record<string, unknown> = {};
    pushToDataLayer([{ event: 'a' }], page);
    expect(page.dataLayer).toEqual([{ event: 'a' }]);

    const seen: unknown[] = [];
    const managed = Object.assign([] as unknown[], { push: (...items: unknown[]) => seen.push(...items) });
    const withManager: Record<string, unknown> = { dataLayer: managed };
    pushToDataLayer([{ event: 'b' }, { event: 'c' }], withManager);
    expect(seen).toEqual([{ event: 'b' }, { event: 'c' }]);
    expect(withManager.dataLayer).toBe(managed);
  });

  it('purchase carries the txid, the value in reais and BRL, in the GA4 e-commerce shape after a reset', () => {
    const [reset, purchase] = purchaseEvents({ txid: 'TX1', amount: 123_456 });
    expect(reset).toEqual({ ecommerce: null });
    expect(purchase).toMatchObject({
      event: 'purchase',
      transaction_id: 'TX1',
      value: 1234.56,
      currency: 'BRL',
      ecommerce: { transaction_id: 'TX1', value: 1234.56, currency: 'BRL' },
    });
    expect(firstDepositEvent({ txid: 'TX1', amount: 5_000 })).toEqual({ event: 'first_deposit', transaction_id: 'TX1', value: 50, currency: 'BRL' });
  });

  it('first deposit while deposit_count (after the deposit) is at most 1', () => {
    expect(isFirstDeposit(0)).toBe(true);
    expect(isFirstDeposit(1)).toBe(true);
    expect(isFirstDeposit(2)).toBe(false);
  });
});
