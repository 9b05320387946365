import type { RankPlayerView } from '../contract/ranking.ts';

/** What the rank maths needs of a rank: its level and threshold (centavos). */
export interface RankStep {
  level: number;
  totalBet: number;
}

/**
 * The rank maths, shared by the platform (rank-ups, `GET /ranking`) and the
 * site (progress bar): pure, on integer centavos.
 */

/** The tenant's table in level order (the API and the store may hand it in any order). */
const ordered = <T extends RankStep>(table: readonly T[]): T[] => [...table].sort((a, b) => a.level - b.level);

/** The highest level whose threshold `totalBet` has reached; 1 for an empty table or nothing reached. */
export function levelFor(table: readonly RankStep[], totalBet: number): number {
  let level = 1;
  for (const rank of ordered(table)) if (totalBet >= rank.totalBet) level = Math.max(level, rank.level);
  return level;
}

/**
 * The player's place: `level` is the rank they hold (the stored one, which
 * never drops; at least the one `totalBet` reaches), `progress` the share of
 * the way from that rank's threshold to the next one's, rounded and clamped
 * 0–100, `toNext` the centavos still to wager. At the top rank (or with an
 * empty table) progress is 100 and toNext 0.
 */
export function rankProgress(table: readonly RankStep[], totalBet: number, heldLevel = 1): RankPlayerView {
  const ranks = ordered(table);
  const top = ranks.at(-1)?.level ?? 1;
  const level = Math.min(Math.max(heldLevel, levelFor(ranks, totalBet)), Math.max(top, 1));
  const current = ranks.find((r) => r.level === level);
  const next = ranks.find((r) => r.level > level);
  if (!next) return { level, totalBet, progress: 100, toNext: 0, nextLevel: null };
  const from = current?.totalBet ?? 0;
  const span = next.totalBet - from;
  const share = span > 0 ? ((totalBet - from) / span) * 100 : 100;
  return { level, totalBet, progress: Math.min(100, Math.max(0, Math.round(share))), toNext: Math.max(0, next.totalBet - totalBet), nextLevel: next.level };
}

/** The image of `level`, else level 1's (spec: "rank image chosen by level, default 1"), else null. */
export function rankImage(table: readonly (RankStep & { image: string | null })[], level: number): string | null {
  return table.find((r) => r.level === level)?.image ?? table.find((r) => r.level === 1)?.image ?? null;
}
