import { describe, expect, it } from 'vitest';
import { betslipOdds, betStatusKey, toPagedList, type SportsBetRow } from '../../../../src/lib/sports/history.ts';

const row = (id: string): SportsBetRow => ({
  betslipId: id,
  type: 'single',
  betType: '1/1',
  odds: '2.10',
  stake: 1000,
  potentialWin: 2100,
  status: 'open',
  payout: 0,
  refunded: 0,
  placedAt: '2026-11-26T12:00:00Z',
  settledAt: null,
  selections: [],
});

describe('sports bet history', () => {
  it('turns the platform’s { items, page, perPage, total } into the money lists’ pages', () => {
    expect(toPagedList({ items: [row('a'), row('b')], page: 1, perPage: 2, total: 5 })).toMatchObject({ current_page: 1, last_page: 3, total: 5 });
    expect(toPagedList({ items: [], page: 1, perPage: 20, total: 0 })).toMatchObject({ data: [], last_page: 1 });
  });

  it('multiplies a multiple’s odds, and gives up on unreadable ones', () => {
    expect(betslipOdds([{ odds: '2.10' }, { odds: '2.50' }])).toBe(5.25);
    expect(betslipOdds([{ odds: '2.45' }, { odds: '2.55' }])).toBe(6.24);
    expect(betslipOdds([{ odds: 'x' }])).toBeNull();
    expect(betslipOdds([])).toBeNull();
  });

  it('names the known statuses and leaves others as sent', () => {
    expect(betStatusKey('half-won')).toBe('sports.history.status.half-won');
    expect(betStatusKey('mystery')).toBeNull();
  });
});
