import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MissionInput } from '../../../src/contract/missions.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { boxes } from '../boxes/schema.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { missions } from './schema.ts';

/**
 * A demo tenant's three missions. Every demo tenant is regulated (Lei
 * 14.790/2023 art. 29): rewards are VIP points, or a box the operator
 * grants (never money, no deposit mission). `box` is the tenant's first
 * active box, if it has one; else the third mission gives VIP points too.
 */
export function demoMissions(box: { id: number } | null): MissionInput[] {
  const common = { starts_at: null, ends_at: null, offered: true, active: true } as const;
  return [
    {
      ...common,
      title: { pt: 'Jogue 10 rodadas de Dice', en: 'Play 10 rounds of Dice' },
      description: { pt: 'Faça 10 apostas no Dice com dinheiro real.', en: 'Place 10 real-money bets on Dice.' },
      kind: 'rounds',
      target: 10,
      scope: { game: 'dice' },
      reward: { kind: 'vip_points', points: 50 },
    },
    {
      ...common,
      title: { pt: 'Aposte R$ 50 em qualquer jogo', en: 'Bet R$ 50 on any game' },
      description: { pt: 'Some R$ 50,00 em apostas, em qualquer jogo do cassino ou nos esportes.', en: 'Bet R$ 50.00 in total, on any casino game or on sports.' },
      kind: 'wager',
      target: 5_000,
      scope: null,
      reward: { kind: 'vip_points', points: 100 },
    },
    {
      ...common,
      title: { pt: 'Ganhe 2× numa rodada', en: 'Win 2× in one round' },
      description: { pt: 'Ganhe pelo menos o dobro da aposta numa rodada do cassino.', en: 'Win at least twice your stake in one casino round.' },
      kind: 'multiplier',
      target: 200,
      scope: null,
      reward: box ? { kind: 'box', box_id: box.id } : { kind: 'vip_points', points: 75 },
    },
  ];
}

/**
 * Gives each demo tenant without missions the demo missions (after the demo
 * boxes, so the third can give one). Safe on every start and from several
 * nodes at once (an advisory lock per tenant).
 * @returns the domains seeded.
 */
export async function seedDemoMissions(db: Db, domains: string[], log: Logger): Promise<string[]> {
  const seeded: string[] = [];
  for (const domain of domains) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const added = await db.transaction(async (tx) => {
      // One seeding per tenant at a time (nodes starting together): the second finds the missions there.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('demo-missions'), ${tenant.id}::int)`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(missions).where(eq(missions.tenantId, tenant.id));
      if (n > 0) return false;
      const [box] = await tx
        .select({ id: boxes.id })
        .from(boxes)
        .where(and(eq(boxes.tenantId, tenant.id), eq(boxes.active, true)))
        .orderBy(asc(boxes.position), asc(boxes.id))
        .limit(1);
      await tx.insert(missions).values(
        demoMissions(box ?? null).map((m) => ({
          tenantId: tenant.id,
          title: m.title,
          description: m.description,
          kind: m.kind,
          target: m.target,
          scope: m.scope,
          reward: m.reward,
          offered: m.offered,
          active: m.active,
        })),
      );
      return true;
    });
    if (!added) continue;
    seeded.push(domain);
    log.info(`Seeded the demo missions of ${domain}`);
  }
  return seeded;
}
