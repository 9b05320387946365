import { describe, expect, it } from 'vitest';
import { claimAllowance, claimsAvailable, nextClaimAmount, nextWindowTime } from '../../../../src/lib/cashback/windows.ts';

/** São Paulo is UTC−3 all year (no summer time since 2019): the instants below are literal. */
const sp = (local: string) => new Date(`${local}-03:00`);
const calendar = { type: 'calendar' as const, available_at: sp('2026-11-30T00:00:00') };

describe('cashback claim windows (America/Sao_Paulo)', () => {
  it('a calendar item on its day: 1 claim before 12:01, 2 before 18:01, 3 until the end of the day', () => {
    expect(claimAllowance(calendar, sp('2026-11-30T00:00:00'))).toBe(1);
    expect(claimAllowance(calendar, sp('2026-11-30T12:00:00'))).toBe(1);
    expect(claimAllowance(calendar, sp('2026-11-30T12:00:59'))).toBe(1);
    expect(claimAllowance(calendar, sp('2026-11-30T12:01:00'))).toBe(2);
    expect(claimAllowance(calendar, sp('2026-11-30T18:00:00'))).toBe(2);
    expect(claimAllowance(calendar, sp('2026-11-30T18:01:00'))).toBe(3);
    expect(claimAllowance(calendar, sp('2026-11-30T23:59:00'))).toBe(3);
  });

  it('nothing before available_at, whatever the type', () => {
    const at = { available_at: sp('2026-11-30T12:00:00') };
    expect(claimAllowance({ ...at, type: 'calendar' }, sp('2026-11-30T11:59:59'))).toBe(0);
    expect(claimAllowance({ ...at, type: 'immediate' }, sp('2026-11-30T11:59:59'))).toBe(0);
    expect(claimAllowance({ ...at, type: 'calendar' }, sp('2026-11-30T12:00:00'))).toBe(1);
  });

  it('a later date: calendar 3, immediate 1 (São Paulo days, not UTC days)', () => {
    expect(claimAllowance(calendar, sp('2026-12-01T00:00:00'))).toBe(3);
    expect(claimAllowance({ type: 'immediate', available_at: sp('2026-11-30T10:00:00') }, sp('2026-11-30T10:00:00'))).toBe(1);
    expect(claimAllowance({ type: 'immediate', available_at: sp('2026-11-30T10:00:00') }, sp('2026-12-04T23:59:00'))).toBe(1);
    // 22:00 in São Paulo is already the next day in UTC: still the item's own day, so the 18:01 window (3).
    expect(claimAllowance(calendar, new Date('2026-12-01T01:00:00Z'))).toBe(3);
    expect(claimAllowance({ type: 'calendar', available_at: sp('2026-11-30T20:00:00') }, new Date('2026-12-01T01:00:00Z'))).toBe(3);
  });

  it('available = allowance − claimed, floor 0', () => {
    expect(claimsAvailable({ ...calendar, claimed: 1 }, sp('2026-11-30T12:00:00'))).toBe(0);
    expect(claimsAvailable({ ...calendar, claimed: 1 }, sp('2026-11-30T12:01:00'))).toBe(1);
    expect(claimsAvailable({ ...calendar, claimed: 0 }, sp('2026-11-30T18:01:00'))).toBe(3);
    expect(claimsAvailable({ ...calendar, claimed: 3 }, sp('2026-12-02T09:00:00'))).toBe(0);
    expect(claimsAvailable({ type: 'immediate', available_at: sp('2026-11-30T10:00:00'), claimed: 2 }, sp('2026-12-02T09:00:00'))).toBe(0);
  });

  it('claims pay equal shares and the last one the remainder, so they add up to the amount', () => {
    const pay = (amount: number, type: 'calendar' | 'immediate') => {
      const paid: number[] = [];
      let item = { type, amount, claimed: 0, claimed_amount: 0 };
      for (let share = nextClaimAmount(item); share > 0; share = nextClaimAmount(item)) {
        paid.push(share);
        item = { ...item, claimed: item.claimed + 1, claimed_amount: item.claimed_amount + share };
      }
      return paid;
    };
    expect(pay(400, 'calendar')).toEqual([133, 133, 134]);
    expect(pay(100, 'calendar')).toEqual([33, 33, 34]);
    expect(pay(999, 'immediate')).toEqual([999]);
  });
});

describe('the next window', () => {
  it('says when a calendar item\'s next claim opens on its day, and nothing otherwise', () => {
    expect(nextWindowTime({ ...calendar, claimed: 1 }, sp('2026-11-30T12:00:00'))).toBe('12:01');
    expect(nextWindowTime({ ...calendar, claimed: 2 }, sp('2026-11-30T18:00:00'))).toBe('18:01');
    expect(nextWindowTime({ ...calendar, claimed: 2 }, sp('2026-11-30T18:01:00'))).toBeNull();
    expect(nextWindowTime({ ...calendar, claimed: 1 }, sp('2026-12-01T08:00:00'))).toBeNull();
    expect(nextWindowTime({ type: 'immediate', available_at: sp('2026-11-30T10:00:00'), claimed: 1 }, sp('2026-11-30T10:00:00'))).toBeNull();
  });
});
