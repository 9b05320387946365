import { describe, expect, it } from 'vitest';
import { rowsOf, tableOf } from '../../../src/backoffice/stores/ranks.ts';
import { demoRanks } from '../../../server/features/ranks/demo.ts';

describe('the ranks form', () => {
  it('gives back the same table when nothing was edited', () => {
    const stored = demoRanks('localhost');
    expect(tableOf(rowsOf(stored), stored)).toEqual(stored.map((r) => ({ ...r, image: r.image ?? null, reward: r.reward ?? null })));
  });

  it('numbers the levels in order, reads thresholds in reais and drops an emptied reward', () => {
    const stored = demoRanks('localhost').slice(0, 2);
    const rows = rowsOf(stored);
    rows[1] = { ...rows[1]!, threshold: '150,50', points: '' };
    rows.push({ namePt: 'Novo', nameEn: 'New', threshold: '1.000,00', points: '10', image: null });
    const table = tableOf(rows, stored);
    expect(table.map((r) => r.level)).toEqual([1, 2, 3]);
    expect(table[1]).toMatchObject({ totalBet: 15_050, reward: null });
    expect(table[2]).toMatchObject({ totalBet: 100_000, reward: { kind: 'vip_points', points: 10 } });
  });
});
