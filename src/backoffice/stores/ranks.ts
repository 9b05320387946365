import type { RankInput } from '../../contract/ranking.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';
import { centavosOf, reaisText } from './numbers.ts';

export const $ranks = resource<{ ranks: RankInput[]; vip_points_per_100: number }>();
const load = loader($ranks);

export function loadRanks(): Promise<void> {
  return load(() => call<{ ranks: RankInput[]; vip_points_per_100: number }>('/operator/ranks'));
}

/** One level as the form edits it: the threshold in reais, VIP points as text ('' for no reward). */
export interface RankRow {
  namePt: string;
  nameEn: string;
  threshold: string;
  points: string;
  image: string | null;
}

/** A threshold typed in reais, exactly; unreadable text becomes NaN (sent as null), which the platform refuses naming the level. */
const thresholdOf = (text: string): number => centavosOf(text, null) ?? Number.NaN;

export function rowsOf(ranks: RankInput[]): RankRow[] {
  return ranks.map((r) => ({ namePt: r.name.pt, nameEn: r.name.en, threshold: reaisText(r.totalBet), points: r.reward?.kind === 'vip_points' ? String(r.reward.points) : '', image: r.image ?? null }));
}

/**
 * The table as `PUT /operator/ranks` takes it: levels numbered in order,
 * rewards in VIP points (a regulated site may give no bonus money). A bonus
 * reward already stored is kept as it was.
 */
export function tableOf(rows: RankRow[], stored: RankInput[]): RankInput[] {
  return rows.map((row, i) => {
    const kept = stored[i]?.reward?.kind === 'bonus' ? stored[i]!.reward : null;
    const reward = row.points.trim() ? { kind: 'vip_points' as const, points: Number(row.points) } : kept;
    return { level: i + 1, name: { pt: row.namePt, en: row.nameEn }, totalBet: thresholdOf(row.threshold), image: row.image, reward };
  });
}

export async function saveRanks(rows: RankRow[], stored: RankInput[]): Promise<boolean> {
  const ok = await act(() => call('/operator/ranks', { method: 'PUT', body: { ranks: tableOf(rows, stored) } }), t('ranks.saved'));
  if (ok) await loadRanks();
  return ok;
}

export async function saveVipRate(rate: string): Promise<boolean> {
  const ok = await act(() => call('/operator/ranks/vip-rate', { method: 'PUT', body: { vip_points_per_100: Number(rate) } }), t('ranks.rateSaved'));
  if (ok) await loadRanks();
  return ok;
}
