import { count, eq } from 'drizzle-orm';
import type { RankInput } from '../../../src/contract/ranking.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { ranks } from './schema.ts';

/** The demo ranks: names, thresholds in centavos (R$ 0 … R$ 250.000) and colours of their badges (./badges.ts). */
export const DEMO_RANKS: readonly { name: RankInput['name']; totalBet: number; points: number; colours: [string, string] }[] = [
  { name: { pt: 'Iniciante', en: 'Rookie' }, totalBet: 0, points: 0, colours: ['#64748B', '#94A3B8'] },
  { name: { pt: 'Bronze', en: 'Bronze' }, totalBet: 10_000, points: 50, colours: ['#92400E', '#D97706'] },
  { name: { pt: 'Prata', en: 'Silver' }, totalBet: 50_000, points: 100, colours: ['#475569', '#CBD5E1'] },
  { name: { pt: 'Ouro', en: 'Gold' }, totalBet: 200_000, points: 250, colours: ['#A16207', '#FACC15'] },
  { name: { pt: 'Platina', en: 'Platinum' }, totalBet: 1_000_000, points: 500, colours: ['#0E7490', '#67E8F9'] },
  { name: { pt: 'Diamante', en: 'Diamond' }, totalBet: 5_000_000, points: 1_000, colours: ['#1D4ED8', '#A5B4FC'] },
  { name: { pt: 'Lenda', en: 'Legend' }, totalBet: 25_000_000, points: 2_500, colours: ['#7E22CE', '#F472B6'] },
];

/**
 * A demo tenant's rank table. Every demo tenant is regulated (Lei
 * 14.790/2023 art. 29), so the rewards are VIP points, never money.
 */
export function demoRanks(domain: string): RankInput[] {
  return DEMO_RANKS.map((r, i) => ({
    level: i + 1,
    name: r.name,
    totalBet: r.totalBet,
    image: `/demo/${domain}/ranks/${i + 1}.svg`,
    reward: r.points > 0 ? { kind: 'vip_points', points: r.points } : null,
  }));
}

/**
 * Gives each demo tenant without ranks the demo table (also on a database
 * seeded before ranks existed). A tenant whose operator emptied it gets it
 * back on the next start: acceptable for the demo (the operator API never
 * leaves a table empty).
 * @returns the domains seeded.
 */
export async function seedDemoRanks(db: Db, domains: string[], log: Logger): Promise<string[]> {
  const seeded: string[] = [];
  for (const domain of domains) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(ranks).where(eq(ranks.tenantId, tenant.id));
    if (n > 0) continue;
    // ON CONFLICT: two nodes starting at once both see no ranks; the second adds nothing.
    const rows = demoRanks(domain).map((r) => ({ tenantId: tenant.id, ...r }));
    const added = await db.insert(ranks).values(rows).onConflictDoNothing().returning({ id: ranks.id });
    if (added.length === 0) continue;
    seeded.push(domain);
    log.info(`Seeded the demo ranks of ${domain}`);
  }
  return seeded;
}
