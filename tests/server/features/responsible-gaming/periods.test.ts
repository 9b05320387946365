import { describe, expect, it } from 'vitest';
import { changeLimit, limitAt } from '../../../../server/features/responsible-gaming/limits.ts';
import { periodBounds } from '../../../../server/features/responsible-gaming/periods.ts';

const iso = (d: Date) => d.toISOString();

describe('limit periods in America/Sao_Paulo time (UTC−3)', () => {
  it('a day runs from 00:00 to 00:00 Brasília time, not UTC', () => {
    // 26 Nov 2026 23:59:59 in São Paulo is 27 Nov 02:59:59 UTC: still the 26th.
    expect(periodBounds('day', new Date('2026-11-27T02:59:59.999Z'))).toEqual({
      start: new Date('2026-11-26T03:00:00.000Z'),
      end: new Date('2026-11-27T03:00:00.000Z'),
    });
    expect(iso(periodBounds('day', new Date('2026-11-27T03:00:00.000Z')).start)).toBe('2026-11-27T03:00:00.000Z');
  });

  it('a week runs from Monday 00:00 to the next Monday 00:00', () => {
    // Sunday 29 Nov 2026 23:59 in São Paulo belongs to the week of Monday 23 Nov.
    expect(periodBounds('week', new Date('2026-11-30T02:59:00.000Z'))).toEqual({
      start: new Date('2026-11-23T03:00:00.000Z'),
      end: new Date('2026-11-30T03:00:00.000Z'),
    });
    expect(iso(periodBounds('week', new Date('2026-11-30T03:00:00.000Z')).start)).toBe('2026-11-30T03:00:00.000Z');
  });

  it('a month runs from the 1st 00:00, across the year end', () => {
    expect(periodBounds('month', new Date('2027-01-01T02:59:59.000Z'))).toEqual({
      start: new Date('2026-12-01T03:00:00.000Z'),
      end: new Date('2027-01-01T03:00:00.000Z'),
    });
    expect(periodBounds('month', new Date('2027-02-15T12:00:00.000Z'))).toEqual({
      start: new Date('2027-02-01T03:00:00.000Z'),
      end: new Date('2027-03-01T03:00:00.000Z'),
    });
  });
});

describe('changing a limit', () => {
  const t0 = new Date('2026-11-26T12:00:00.000Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);
  const DAY = 24 * 60 * 60 * 1000;

  it('a first limit and a lower one apply at once', () => {
    const first = changeLimit(undefined, 5_000, t0);
    expect(first).toEqual({ value: 5_000, pending: null });
    expect(changeLimit(first, 4_000, t0)).toEqual({ value: 4_000, pending: null });
  });

  it('a higher one or a removal waits 24 hours, the old value staying in force until then', () => {
    const raised = changeLimit({ value: 5_000 }, 9_000, t0);
    expect(raised).toEqual({ value: 5_000, pending: { value: 9_000, from: iso(later(DAY)) } });
    expect(limitAt(raised, later(DAY - 1)).value).toBe(5_000);
    expect(limitAt(raised, later(DAY)).value).toBe(9_000);
    const removed = changeLimit({ value: 5_000 }, null, t0);
    expect(limitAt(removed, later(DAY - 1)).value).toBe(5_000);
    expect(limitAt(removed, later(DAY)).value).toBeNull();
  });

  it('lowering during a waiting raise applies at once and drops the raise', () => {
    const raised = changeLimit({ value: 5_000 }, 9_000, t0);
    expect(changeLimit(raised, 3_000, later(1000))).toEqual({ value: 3_000, pending: null });
    expect(changeLimit(raised, 5_000, later(1000))).toEqual({ value: 5_000, pending: null });
  });
});
