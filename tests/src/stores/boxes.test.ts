// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoxView, PrizeView, UserBoxView, UserPrizeView } from '../../../src/contract/boxes.ts';
import { fakeApi, USER } from './auth-fake-api.ts';

/** The boxes store (issue 19): the player's boxes and items, open / sell / buy, the wallet following each money answer, one request per click. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 5000, balance_withdrawal: 0, deposit_count: 1 } }));
});
afterEach(() => vi.unstubAllGlobals());

const BOX: BoxView = {
  id: 2,
  slug: 'caixa-bronze',
  name: { pt: 'Caixa Bronze', en: 'Bronze Box' },
  description: { pt: '', en: '' },
  image: null,
  color: 'green',
  price: 1000,
  purchasable: true,
  expected_value: 900,
  prize_count: 2,
};
const PRIZE: PrizeView = { id: 11, box_id: 2, name: { pt: 'Camiseta', en: 'T-shirt' }, image: null, kind: 'item', value: 3000, sell_value: 2500, points: 0, probability_ppm: 250_000 };
const FAIR_BEFORE = { server_seed_hash: 'ab'.repeat(32), server_seed: null, client_seed: 'cliente', nonce: 4, ticket: null, ranges: null };

function userBox(id: number, over: Partial<UserBoxView> = {}): UserBoxView {
  return {
    id,
    box: BOX,
    source: 'operator',
    status: 'unopened',
    created_at: '2026-11-26T10:00:00.000Z',
    opened_at: null,
    sold_at: null,
    server_seed_hash: FAIR_BEFORE.server_seed_hash,
    prize: null,
    sell_value: 0,
    fairness: FAIR_BEFORE,
    ...over,
  };
}
const WON: UserPrizeView = { id: 31, prize: PRIZE, user_box_id: 9, status: 'kept', won_at: '2026-11-26T10:05:00.000Z', sold_at: null };

describe('boxes store', () => {
  it('lists the player boxes, opens one (the opened box replaces the listed one, the prize joins the items) and a second click sends nothing', async () => {
    const opened = userBox(9, { status: 'opened', opened_at: '2026-11-26T10:05:00.000Z', prize: WON, fairness: { ...FAIR_BEFORE, server_seed: 'semente', ticket: 12, ranges: [] } });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = fakeApi({
      'GET /boxes/user/get': () => ({ json: { data: [userBox(9), userBox(8, { source: 'purchase', sell_value: 1000 })] } }),
      'GET /prizes/user': () => ({ json: { data: [] } }),
      'POST /boxes/open': () => ({ json: { box: opened, prize: WON } }),
    });
    const s = await import('../../../src/stores/boxes.ts');
    await s.loadUserBoxes();
    await s.loadUserPrizes();
    expect(s.$userBoxes.get()).toMatchObject({ status: 'ready', items: [{ id: 9 }, { id: 8 }] });

    // The answer waits for the gate: the second click meanwhile is ignored.
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return fetchStub(input, init);
    });
    const first = s.openBox(9);
    expect(s.$boxActions.get()['9']).toEqual({ status: 'opening' });
    expect(await s.openBox(9)).toBeNull();
    release();
    expect(await first).toEqual({ box: opened, prize: WON });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: '/boxes/open', body: { box_id: 9 } })]);
    expect(s.$boxActions.get()['9']).toBeUndefined();
    expect(s.$userBoxes.get()).toMatchObject({ items: [{ id: 9, status: 'opened', prize: { id: 31 } }, { id: 8, status: 'unopened' }] });
    expect(s.$userPrizes.get()).toMatchObject({ status: 'ready', items: [{ id: 31 }] });
  });

  it('a refused open keeps the box unopened and keeps the platform words for the page', async () => {
    fakeApi({
      'GET /boxes/user/get': () => ({ json: { data: [userBox(9)] } }),
      'POST /boxes/open': () => ({ status: 409, json: { code: 'box_not_unopened', message: 'Esta caixa já foi aberta ou vendida.' } }),
    });
    const s = await import('../../../src/stores/boxes.ts');
    await s.loadUserBoxes();
    expect(await s.openBox(9)).toBeNull();
    expect(s.$boxActions.get()['9']).toEqual({ status: 'failed', message: 'Esta caixa já foi aberta ou vendida.' });
    expect(s.$userBoxes.get()).toMatchObject({ items: [{ id: 9, status: 'unopened' }] });
    s.dismissBoxAction(9);
    expect(s.$boxActions.get()['9']).toBeUndefined();
  });

  it('selling a box or a prize stores the answer and the wallet the header shows', async () => {
    const sold = userBox(8, { source: 'purchase', sell_value: 1000, status: 'sold', sold_at: '2026-11-26T10:06:00.000Z' });
    const soldPrize = { ...WON, status: 'sold', sold_at: '2026-11-26T10:07:00.000Z' };
    const { calls } = fakeApi({
      'GET /boxes/user/get': () => ({ json: { data: [userBox(8, { source: 'purchase', sell_value: 1000 })] } }),
      'GET /prizes/user': () => ({ json: { data: [WON] } }),
      'POST /boxes/sell': () => ({ json: { box: sold, wallet: { balance: 6000, balance_withdrawal: 0, deposit_count: 1 } } }),
      'POST /prizes/sell': () => ({ json: { prize: soldPrize, wallet: { balance: 8500, balance_withdrawal: 0, deposit_count: 1 } } }),
    });
    const s = await import('../../../src/stores/boxes.ts');
    const w = await import('../../../src/stores/wallet.ts');
    await s.loadUserBoxes();
    await s.loadUserPrizes();
    expect(await s.sellBox(8)).toMatchObject({ box: { status: 'sold' } });
    expect(w.$wallet.get()?.balance).toBe(6000);
    expect(s.$userBoxes.get()).toMatchObject({ items: [{ id: 8, status: 'sold' }] });
    expect(await s.sellPrize(31)).toMatchObject({ prize: { status: 'sold' } });
    expect(w.$wallet.get()?.balance).toBe(8500);
    expect(s.$userPrizes.get()).toMatchObject({ items: [{ id: 31, status: 'sold' }] });
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/boxes/sell', { id: 8 }],
      ['/prizes/sell', { id: 31 }],
    ]);
  });

  it('buying debits through the platform (wallet from the answer); a regulated tenant\'s 403 is shown with its code, not swallowed', async () => {
    const bought = userBox(12, { source: 'purchase', sell_value: 1000 });
    let regulated = false;
    fakeApi({
      'POST /boxes/buy': () =>
        regulated
          ? { status: 403, json: { code: 'boxes_purchase_not_allowed', message: 'A compra de caixas com dinheiro não é permitida neste site (Lei nº 14.790/2023).' } }
          : { json: { box: bought, wallet: { balance: 4000, balance_withdrawal: 0, deposit_count: 1 } } },
    });
    const s = await import('../../../src/stores/boxes.ts');
    const w = await import('../../../src/stores/wallet.ts');
    expect(await s.buyBox(2)).toEqual({ status: 'bought', box: bought });
    expect(w.$wallet.get()?.balance).toBe(4000);
    regulated = true;
    expect(await s.buyBox(2)).toEqual({
      status: 'refused',
      code: 'boxes_purchase_not_allowed',
      message: 'A compra de caixas com dinheiro não é permitida neste site (Lei nº 14.790/2023).',
    });
    expect(w.$wallet.get()?.balance).toBe(4000);
  });

  it('a failed list keeps what was shown and says so; a sign-out drops everything', async () => {
    let fail = false;
    fakeApi({ 'GET /boxes/user/get': () => (fail ? { status: 500, json: {} } : { json: { data: [userBox(9)] } }) });
    const s = await import('../../../src/stores/boxes.ts');
    const session = await import('../../../src/stores/session.ts');
    await s.loadUserBoxes();
    fail = true;
    await s.loadUserBoxes();
    expect(s.$userBoxes.get()).toMatchObject({ status: 'failed', items: [{ id: 9 }] });
    session.signOut();
    expect(s.$userBoxes.get()).toEqual({ status: 'idle' });
  });
});
