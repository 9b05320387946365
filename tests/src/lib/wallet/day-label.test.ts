import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, groupByDay, timeOfDay } from '../../../../src/lib/wallet/day-label.ts';

/** 2025-03-10 10:00 in São Paulo (UTC−3). */
const NOW = new Date('2025-03-10T13:00:00Z');
const SP = 'America/Sao_Paulo';

describe('dayLabel', () => {
  it('says Hoje / Ontem (as keys) for the Brazilian calendar day, whatever UTC says', () => {
    // 00:30 of the 10th in São Paulo is still the 10th although UTC says 03:30.
    expect(dayLabel('2025-03-10T03:30:00Z', 'pt', NOW, SP)).toEqual({ key: 'wallet.day.today' });
    // 23:59 of the 9th in São Paulo is already the 10th in UTC.
    expect(dayLabel('2025-03-10T02:59:00Z', 'pt', NOW, SP)).toEqual({ key: 'wallet.day.yesterday' });
    expect(dayLabel('2025-03-09T03:00:00Z', 'pt', NOW, SP)).toEqual({ key: 'wallet.day.yesterday' });
  });

  it('gives DD/MM/YYYY in Portuguese and MM/DD/YYYY in English before yesterday', () => {
    expect(dayLabel('2025-03-09T02:59:00Z', 'pt', NOW, SP)).toEqual({ text: '08/03/2025' });
    expect(dayLabel('2025-02-03T15:00:00Z', 'pt', NOW, SP)).toEqual({ text: '03/02/2025' });
    expect(dayLabel('2025-02-03T15:00:00Z', 'en', NOW, SP)).toEqual({ text: '02/03/2025' });
  });

  it('knows yesterday across a month and a year boundary', () => {
    expect(dayLabel('2025-02-28T20:00:00Z', 'pt', new Date('2025-03-01T12:00:00Z'), SP)).toEqual({ key: 'wallet.day.yesterday' });
    expect(dayLabel('2024-12-31T20:00:00Z', 'pt', new Date('2025-01-01T12:00:00Z'), SP)).toEqual({ key: 'wallet.day.yesterday' });
    expect(dayLabel('2024-12-30T20:00:00Z', 'pt', new Date('2025-01-01T12:00:00Z'), SP)).toEqual({ text: '30/12/2024' });
  });

  it('gives an empty text for a bad timestamp', () => {
    expect(dayLabel('not a date', 'pt', NOW, SP)).toEqual({ text: '' });
  });
});

describe('timeOfDay and dayKey', () => {
  it('use the zone they are given (the player\'s by default)', () => {
    expect(timeOfDay('2025-03-10T17:05:00Z', 'pt', SP)).toBe('14:05');
    expect(timeOfDay('2025-03-10T17:05:00Z', 'en', SP)).toBe('02:05 PM');
    expect(dayKey(new Date('2025-03-10T02:00:00Z'), SP)).toBe('2025-03-09');
  });
});

describe('groupByDay', () => {
  it('keeps the order and puts each São Paulo day under one label', () => {
    const rows = [
      { id: 1, at: '2025-03-10T12:00:00Z' },
      { id: 2, at: '2025-03-10T03:10:00Z' },
      { id: 3, at: '2025-03-10T02:50:00Z' },
      { id: 4, at: '2025-03-01T10:00:00Z' },
    ];
    const groups = groupByDay(rows, (r) => r.at, 'pt', NOW, SP);
    expect(groups.map((g) => [g.key, g.label, g.items.map((r) => r.id)])).toEqual([
      ['2025-03-10', { key: 'wallet.day.today' }, [1, 2]],
      ['2025-03-09', { key: 'wallet.day.yesterday' }, [3]],
      ['2025-03-01', { text: '01/03/2025' }, [4]],
    ]);
  });
});

describe('in another zone', () => {
  it('the day and time follow the zone (Lisbon is UTC+0 in March)', () => {
    expect(timeOfDay('2025-03-10T17:05:00Z', 'pt', 'Europe/Lisbon')).toBe('17:05');
    expect(dayLabel('2025-03-10T02:59:00Z', 'pt', NOW, 'Europe/Lisbon')).toEqual({ key: 'wallet.day.today' });
  });
});
