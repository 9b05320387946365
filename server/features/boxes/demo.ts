import { count, eq } from 'drizzle-orm';
import type { BoxInput } from '../../../src/contract/boxes.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { saveBox } from './manage.ts';
import { boxes } from './schema.ts';

type DemoPrize = Omit<BoxInput['prizes'][number], 'image'> & { art: number };
interface DemoBox {
  slug: string;
  name: BoxInput['name'];
  description: BoxInput['description'];
  color: BoxInput['color'];
  price: number;
  /** Box art colours (from, to). */
  colours: [string, string];
  prizes: DemoPrize[];
}

const item = (pt: string, en: string, value: number, sellValue: number, ppm: number, art: number): DemoPrize => ({
  name: { pt, en },
  kind: 'item',
  value,
  sell_value: sellValue,
  points: 0,
  probability_ppm: ppm,
  art,
});
const points = (n: number, ppm: number, art: number): DemoPrize => ({
  name: { pt: `${n} pontos VIP`, en: `${n} VIP points` },
  kind: 'vip_points',
  value: 0,
  sell_value: 0,
  points: n,
  probability_ppm: ppm,
  art,
});

/**
 * The demo boxes: Bronze, Prata (Silver), Ouro (Gold), each with 5 prizes
 * whose ppm sum to 1 000 000. Item prizes sell for 80 % of their value.
 */
export const DEMO_BOXES: readonly DemoBox[] = [
  {
    slug: 'bronze',
    name: { pt: 'Caixa Bronze', en: 'Bronze Box' },
    description: { pt: 'A caixa de entrada: prêmios pequenos e frequentes.', en: 'The starter box: small, frequent prizes.' },
    color: 'red',
    price: 500,
    colours: ['#92400E', '#D97706'],
    prizes: [
      points(10, 400_000, 1),
      item('Ficha de R$ 2', 'R$ 2 chip', 200, 160, 300_000, 2),
      item('Ficha de R$ 5', 'R$ 5 chip', 500, 400, 200_000, 3),
      item('Ficha de R$ 10', 'R$ 10 chip', 1_000, 800, 90_000, 4),
      item('Ficha de R$ 50', 'R$ 50 chip', 5_000, 4_000, 10_000, 5),
    ],
  },
  {
    slug: 'prata',
    name: { pt: 'Caixa Prata', en: 'Silver Box' },
    description: { pt: 'Mais valor em cada prêmio, com chance de R$ 200.', en: 'More value in every prize, with a chance at R$ 200.' },
    color: 'blue',
    price: 2_000,
    colours: ['#475569', '#CBD5E1'],
    prizes: [
      points(50, 350_000, 1),
      item('Ficha de R$ 10', 'R$ 10 chip', 1_000, 800, 300_000, 3),
      item('Ficha de R$ 20', 'R$ 20 chip', 2_000, 1_600, 250_000, 4),
      item('Ficha de R$ 50', 'R$ 50 chip', 5_000, 4_000, 90_000, 5),
      item('Ficha de R$ 200', 'R$ 200 chip', 20_000, 16_000, 10_000, 6),
    ],
  },
  {
    slug: 'ouro',
    name: { pt: 'Caixa Ouro', en: 'Gold Box' },
    description: { pt: 'A caixa mais rara: até R$ 1.000 em um prêmio.', en: 'The rarest box: up to R$ 1,000 in one prize.' },
    color: 'yellow',
    price: 10_000,
    colours: ['#A16207', '#FACC15'],
    prizes: [
      points(250, 300_000, 1),
      item('Ficha de R$ 50', 'R$ 50 chip', 5_000, 4_000, 350_000, 4),
      item('Ficha de R$ 100', 'R$ 100 chip', 10_000, 8_000, 250_000, 5),
      item('Ficha de R$ 300', 'R$ 300 chip', 30_000, 24_000, 90_000, 6),
      item('Ficha de R$ 1.000', 'R$ 1,000 chip', 100_000, 80_000, 10_000, 6),
    ],
  },
];

/** The art of the demo prizes: 1 VIP star, 2–6 chips from small to large. */
export const DEMO_PRIZE_ART: readonly [string, string][] = [
  ['#7E22CE', '#F472B6'],
  ['#475569', '#94A3B8'],
  ['#15803D', '#4ADE80'],
  ['#1D4ED8', '#60A5FA'],
  ['#B91C1C', '#F87171'],
  ['#A16207', '#FACC15'],
];

/** A demo tenant's boxes, art under `/demo/{domain}/boxes/`. */
export function demoBoxes(domain: string): (BoxInput & { slug: string })[] {
  return DEMO_BOXES.map((b, i) => ({
    slug: b.slug,
    name: b.name,
    description: b.description,
    image: `/demo/${domain}/boxes/${b.slug}.svg`,
    color: b.color,
    price: b.price,
    buyable: true,
    active: true,
    position: i,
    prizes: b.prizes.map(({ art, ...p }) => ({ ...p, image: `/demo/${domain}/boxes/prize-${art}.svg` })),
  }));
}

/**
 * Gives each demo tenant without boxes the demo boxes (also on a database
 * seeded before boxes existed). Demo tenants are regulated: the boxes show,
 * buying them is refused; granted ones open.
 * @returns the domains seeded.
 */
export async function seedDemoBoxes(db: Db, domains: string[], log: Logger): Promise<string[]> {
  const seeded: string[] = [];
  for (const domain of domains) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(boxes).where(eq(boxes.tenantId, tenant.id));
    if (n > 0) continue;
    // saveBox upserts by slug: two nodes starting at once write the same boxes.
    for (const { slug, ...box } of demoBoxes(domain)) await saveBox(db, tenant.id, slug, box);
    seeded.push(domain);
    log.info(`Seeded the demo boxes of ${domain}`);
  }
  return seeded;
}
