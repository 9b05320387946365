import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashbackClaimView, CashbackItemAdminView } from '../../../src/contract/cashback.ts';
import type { RankInput } from '../../../src/contract/ranking.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import { setLocale } from '../../../src/backoffice/i18n.ts';
import { $cashbackLists, claimCells, historyHref, historyPlaceOf, itemCells, itemState, loadCashbackList, runCells } from '../../../src/backoffice/stores/cashback-history.ts';
import { $redemptions, loadRedemptions, redemptionsHref, redemptionsPlaceOf } from '../../../src/backoffice/stores/coupon-redemptions.ts';
import { addDays, captionOf, emptyText, pageOf, pagerOf, playerHref } from '../../../src/backoffice/stores/paged-lists.ts';
import { $ranksReached, levelText, loadRanksReached, reachedHref, reachedPageOf } from '../../../src/backoffice/stores/ranks-reached.ts';
import { $session } from '../../../src/backoffice/stores/session.ts';
import type { StaffSessionView } from '../../../src/contract/backoffice.ts';

const calls = vi.hoisted(() => {
  // The router reads where the page is when it loads; the tests are at the back office's root.
  Object.assign(globalThis, { location: { pathname: '/backoffice/', search: '' } });
  return { call: vi.fn() };
});
vi.mock('../../../src/backoffice/api.ts', async (original) => ({ ...(await original<Record<string, unknown>>()), call: calls.call }));

/** The formatted figures as Intl writes them (a narrow no-break space in pt, none in en). */
const plain = (text: string) => text.replace(/\s/g, ' ');
const q = (search: string) => new URLSearchParams(search);
const paged = <T>(data: T[], page = 1, total = data.length): PagedList<T> => ({ data, current_page: page, last_page: Math.max(1, Math.ceil(total / 50)), total });

beforeAll(() => {
  // setLocale stores the choice and marks the document; the tests have neither.
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
  vi.stubGlobal('document', { documentElement: {} });
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  setLocale('pt-BR');
  calls.call.mockReset();
  calls.call.mockResolvedValue(paged([]));
  $session.set({ kind: 'signed-out', notice: null });
});

describe('the page in the URL', () => {
  it('reads a whole page from 1; anything else is the first page', () => {
    expect(pageOf(q('page=3'))).toBe(3);
    expect(pageOf(q('page=999999'))).toBe(999_999);
    for (const bad of ['', 'page=0', 'page=-2', 'page=abc', 'page=2.5', 'page=01', 'page=1234567', 'page= 2']) expect(pageOf(q(bad)), bad).toBe(1);
  });

  it('links the pages before and after; the first page has no previous, the last no next, a page past the end leads back to the last', () => {
    const href = (page: number) => `/p/${page}`;
    expect(pagerOf(1, 1, href)).toEqual({ previous: null, next: null });
    expect(pagerOf(1, 3, href)).toEqual({ previous: null, next: '/p/2' });
    expect(pagerOf(2, 3, href)).toEqual({ previous: '/p/1', next: '/p/3' });
    expect(pagerOf(3, 3, href)).toEqual({ previous: '/p/2', next: null });
    expect(pagerOf(9, 3, href)).toEqual({ previous: '/p/3', next: null });
  });

  it('says "none yet" for an empty list and "past the end" for an empty page of a list that has rows', () => {
    expect(emptyText(paged([]), 'Nenhum resgate ainda.')).toBe('Nenhum resgate ainda.');
    expect(emptyText({ data: [], current_page: 4, last_page: 2, total: 60 }, 'Nenhum resgate ainda.')).toBe('Nada nesta página: a lista tem 2 página(s).');
    expect(emptyText(paged([1]), 'Nenhum')).toBeNull();
    expect(captionOf({ data: [], current_page: 2, last_page: 3, total: 120 })).toEqual({ count: 120, page: 2, pages: 3 });
  });

  it('counts calendar days without a clock (month and year ends)', () => {
    expect(addDays('2025-12-28', 6)).toBe('2026-01-03');
    expect(addDays('2028-02-26', 6)).toBe('2028-03-03');
  });
});

describe('players in the history tables', () => {
  it('link to the profile only when the role may open the Players screen', () => {
    expect(playerHref(12)).toBeNull();
    const session = (areas: StaffSessionView['areas']) => ({ kind: 'signed-in' as const, session: { areas } as StaffSessionView });
    $session.set(session(['marketing']));
    expect(playerHref(12)).toBeNull();
    $session.set(session(['marketing', 'players']));
    expect(playerHref(12)).toBe('/backoffice/players/12');
  });
});

describe('the cashback history', () => {
  it('keeps the list and page in the URL, the runs first page being the screen itself', () => {
    expect(historyPlaceOf(q(''))).toEqual({ list: 'runs', page: 1 });
    expect(historyPlaceOf(q('list=claims&page=2'))).toEqual({ list: 'claims', page: 2 });
    expect(historyPlaceOf(q('list=nope&page=x'))).toEqual({ list: 'runs', page: 1 });
    expect(historyHref({ list: 'runs', page: 1 })).toBe('/backoffice/cashback');
    expect(historyHref({ list: 'items', page: 1 })).toBe('/backoffice/cashback?list=items');
    expect(historyHref({ list: 'items', page: 3 })).toBe('/backoffice/cashback?list=items&page=3');
    for (const place of [
      { list: 'claims', page: 7 },
      { list: 'runs', page: 2 },
    ] as const)
      expect(historyPlaceOf(new URL(historyHref(place), 'http://x').searchParams)).toEqual(place);
  });

  it('asks the platform for one page of the list shown, into that list’s own store', async () => {
    const page = paged([{ period_start: '2025-12-07', started_at: '2025-12-14T03:00:00.000Z', finished_at: null, items: 0 }], 2, 60);
    calls.call.mockResolvedValueOnce(page);
    await loadCashbackList({ list: 'runs', page: 2 });
    expect(calls.call).toHaveBeenCalledWith('/operator/cashback/runs', { query: { page: 2 } });
    expect($cashbackLists.runs.get().data).toEqual(page);
    await loadCashbackList({ list: 'claims', page: 1 });
    expect(calls.call).toHaveBeenLastCalledWith('/operator/cashback/claims', { query: { page: 1 } });
    expect($cashbackLists.runs.get().data).toEqual(page);
    expect($cashbackLists.claims.get().data?.data).toEqual([]);
  });

  it('shows a run’s week, start, how it ended and the items made', () => {
    const cells = runCells({ period_start: '2025-12-28', started_at: '2026-01-04T12:30:00.000Z', finished_at: '2026-01-04T12:30:02.000Z', items: 14 });
    expect(cells).toEqual({ period: '28/12/2025 – 03/01/2026', started: '04/01/2026, 09:30:00', status: 'Concluída em 04/01/2026, 09:30:02', items: '14' });
    expect(runCells({ period_start: '2025-12-28', started_at: '2026-01-04T12:30:00.000Z', finished_at: null, items: 0 }).status).toBe('Em andamento');
  });

  const item: CashbackItemAdminView = {
    id: 31,
    user: { id: 7, name: 'Cássia' },
    period_start: '2025-12-07',
    period_end: '2025-12-13',
    losses: 4_000,
    amount: 2_000,
    type: 'calendar',
    available_at: '2025-12-14T15:00:00.000Z',
    claimed: 0,
    claimed_amount: 0,
    created_at: '2025-12-14T03:00:00.000Z',
  };

  it('says where an item stands: not released yet, open, partly claimed, all claimed', () => {
    const before = new Date('2025-12-14T14:00:00.000Z');
    const after = new Date('2025-12-14T16:00:00.000Z');
    expect(itemState(item, before)).toBe('Liberado em 14/12/2025, 12:00:00');
    expect(itemState(item, after)).toBe('Disponível, nada resgatado');
    expect(plain(itemState({ ...item, claimed: 2, claimed_amount: 1_333 }, after))).toBe('2 de 3 resgates: R$ 13,33');
    expect(plain(itemState({ ...item, claimed: 3, claimed_amount: 2_000 }, after))).toBe('Resgatado: R$ 20,00');
    expect(plain(itemState({ ...item, type: 'immediate', claimed: 1, claimed_amount: 2_000 }, after))).toBe('Resgatado: R$ 20,00');
  });

  it('writes an item’s money in reais from centavos exactly, in pt and en', () => {
    const big = { ...item, losses: 123_456_789, amount: 29 };
    const now = new Date('2025-12-14T16:00:00.000Z');
    expect(itemCells(big, now)).toMatchObject({ period: '07/12/2025 – 13/12/2025', type: 'Semanal (3 resgates)' });
    expect(plain(itemCells(big, now).losses)).toBe('R$ 1.234.567,89');
    expect(plain(itemCells(big, now).amount)).toBe('R$ 0,29');
    setLocale('en-US');
    expect(itemCells(big, now)).toMatchObject({ period: '12/7/2025 – 12/13/2025', losses: 'R$1,234,567.89', amount: 'R$0.29', type: 'Weekly (3 claims)', state: 'Available, nothing claimed' });
  });

  it('shows a claim’s item, part, amount and time', () => {
    const claim: CashbackClaimView = { id: 5, cashback_id: 31, user: { id: 7, name: 'Cássia' }, claim_no: 2, amount: 667, claimed_at: '2025-12-14T18:05:00.000Z' };
    expect(claimCells(claim)).toMatchObject({ item: '#31, 2º resgate', when: '14/12/2025, 15:05:00' });
    expect(plain(claimCells(claim).amount)).toBe('R$ 6,67');
    setLocale('en-US');
    expect(claimCells(claim)).toMatchObject({ item: '#31, claim 2', amount: 'R$6.67' });
  });
});

describe('a coupon’s redemptions', () => {
  it('lives at /backoffice/coupons/{CODE}/redemptions with the page in the query', () => {
    expect(redemptionsPlaceOf({ rest: 'BEMVINDO10/redemptions', query: q('page=2') })).toEqual({ code: 'BEMVINDO10', page: 2 });
    expect(redemptionsPlaceOf({ rest: 'bemvindo10/redemptions/', query: q('') })).toEqual({ code: 'BEMVINDO10', page: 1 });
    for (const rest of ['', 'BEMVINDO10', 'BEMVINDO10/uses', 'A!/redemptions', 'AB/redemptions', '%E0%A4%A/redemptions', 'A/B/redemptions'])
      expect(redemptionsPlaceOf({ rest, query: q('') }), rest).toBeNull();
    expect(redemptionsHref({ code: 'BEMVINDO10', page: 1 })).toBe('/backoffice/coupons/BEMVINDO10/redemptions');
    expect(redemptionsHref({ code: 'BEMVINDO10', page: 4 })).toBe('/backoffice/coupons/BEMVINDO10/redemptions?page=4');
  });

  it('asks for the page of that coupon', async () => {
    const answer = { ...paged([{ id: 1, user: { id: 7, name: 'Cássia', username: null }, date: '2025-12-14T18:05:00.000Z' }]), coupon: 'BEMVINDO10' };
    calls.call.mockResolvedValueOnce(answer);
    await loadRedemptions({ code: 'BEMVINDO10', page: 3 });
    expect(calls.call).toHaveBeenCalledWith('/operator/coupons/BEMVINDO10/redemptions', { query: { page: 3 } });
    expect($redemptions.get().data).toEqual(answer);
  });
});

describe('the ranks reached', () => {
  it('keeps the page in the Ranks screen’s URL and asks the platform for it', async () => {
    expect(reachedPageOf(q('page=5'))).toBe(5);
    expect(reachedHref(1)).toBe('/backoffice/ranks');
    expect(reachedHref(5)).toBe('/backoffice/ranks?page=5');
    await loadRanksReached(5);
    expect(calls.call).toHaveBeenCalledWith('/operator/ranks/reached', { query: { page: 5 } });
    expect($ranksReached.get().data).toEqual(paged([]));
  });

  it('names a level from the rank table in the staff member’s language, or by its number when it is no longer there', () => {
    const table = [{ level: 2, name: { pt: 'Bronze', en: 'Bronze' }, totalBet: 10_000 } as RankInput, { level: 3, name: { pt: 'Prata', en: 'Silver' }, totalBet: 50_000 } as RankInput];
    expect(levelText(3, table)).toBe('3 · Prata');
    expect(levelText(9, table)).toBe('Nível 9');
    expect(levelText(3, null)).toBe('Nível 3');
    setLocale('en-US');
    expect(levelText(3, table)).toBe('3 · Silver');
    expect(levelText(9, table)).toBe('Level 9');
  });
});
