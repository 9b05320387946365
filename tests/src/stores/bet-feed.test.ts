import { beforeEach, describe, expect, it } from 'vitest';
import { BET_FEED_PENDING_LIMIT, BET_FEED_SIZE } from '../../../src/contract/bet-feed.ts';
import type { BetPlacedEvent } from '../../../src/contract/casino.ts';
import { $betFeed, betPlacedOf, receiveBetPlaced, resetBetFeed, waitingHalves } from '../../../src/stores/bet-feed.ts';

function half(type: 'bet' | 'win', transaction: string, amount: number, name = 'Ana'): BetPlacedEvent {
  return { type, transaction, amount, game: { title: 'Dice', gamecode: 'dice', providercode: 'house' }, user: { name }, date: '2026-11-22T10:00:00.000Z' };
}

describe('live bet feed', () => {
  beforeEach(resetBetFeed);

  it('shows a bet only once its win with the same transaction arrives, with multiplier win / bet', () => {
    receiveBetPlaced(half('bet', 'house:1', 1000));
    expect($betFeed.get()).toEqual([]);
    receiveBetPlaced(half('win', 'house:2', 5000));
    expect($betFeed.get()).toEqual([]);
    receiveBetPlaced(half('win', 'house:1', 2500));
    expect($betFeed.get()).toEqual([
      { transaction: 'house:1', game: { title: 'Dice', gamecode: 'dice', providercode: 'house' }, user: { name: 'Ana' }, bet: 1000, win: 2500, multiplier: 2.5, date: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(waitingHalves()).toBe(1);
  });

  it('gives multiplier 0 when nothing was won, and pairs a win that came first', () => {
    receiveBetPlaced(half('win', 'house:3', 0));
    receiveBetPlaced(half('bet', 'house:3', 700));
    expect($betFeed.get()[0]).toMatchObject({ bet: 700, win: 0, multiplier: 0 });
  });

  it('keeps the 5 newest, newest first', () => {
    for (let i = 1; i <= BET_FEED_SIZE + 2; i++) {
      receiveBetPlaced(half('bet', `t${i}`, 100));
      receiveBetPlaced(half('win', `t${i}`, 200));
    }
    expect($betFeed.get().map((e) => e.transaction)).toEqual(['t7', 't6', 't5', 't4', 't3']);
  });

  it('ignores malformed payloads and does not let unmatched halves pile up', () => {
    for (const bad of [null, 'x', {}, { ...half('bet', 't', 100), amount: -1 }, { ...half('bet', 't', 100), amount: 1.5 }, { ...half('bet', 't', 100), type: 'other' }, { ...half('bet', 't', 100), user: {} }]) {
      receiveBetPlaced(bad);
    }
    expect(waitingHalves()).toBe(0);
    for (let i = 0; i < BET_FEED_PENDING_LIMIT + 50; i++) receiveBetPlaced(half('bet', `lost${i}`, 100));
    expect(waitingHalves()).toBe(BET_FEED_PENDING_LIMIT);
    expect($betFeed.get()).toEqual([]);
  });

  it('keeps a bet of a player who hides their activity, with an empty name (shown as anonymous)', () => {
    receiveBetPlaced(half('bet', 'anon', 100, ''));
    receiveBetPlaced(half('win', 'anon', 0, ''));
    expect($betFeed.get()[0]).toMatchObject({ transaction: 'anon', user: { name: '' } });
  });

  it('reads only the fields of the event (extra fields are dropped)', () => {
    expect(betPlacedOf({ ...half('bet', 'a', 1), extra: '<script>' })).toEqual(half('bet', 'a', 1));
  });
});
