import { count, eq } from 'drizzle-orm';
import type { PromotionInput } from '../../../src/contract/promotions.ts';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { savePromotion } from './save-promotion.ts';
import { promotions } from './schema.ts';

const DAY_MS = 86_400_000;

/**
 * The demo tenants' promotions. Every demo tenant is regulated (Lei
 * 14.790/2023, art. 29: no advance, bonus or deposit-conditional reward to
 * bet with), so none offers money or bonus money: the VIP club explained,
 * a responsible-gaming reminder, and a tournament whose prizes are VIP
 * points, which are not money and never become balance. The tournament has a
 * 30-day window from the seed, so the demo shows a dated promotion.
 */
export function demoPromotions(domain: string, brand: string, now: Date): { slug: string; input: PromotionInput }[] {
  const art = (slug: string): string => `/demo/${domain}/promotions/${slug}.svg`;
  return [
    {
      slug: 'clube-vip',
      input: {
        title: { pt: `Clube VIP ${brand}: suba de rank jogando`, en: `${brand} VIP club: rank up as you play` },
        summary: {
          pt: 'Cada aposta soma ao seu total apostado e te aproxima do próximo rank. Acompanhe seu progresso no Ranking.',
          en: 'Every bet adds to your total wagered and brings you closer to the next rank. Follow your progress on the Ranking.',
        },
        body: {
          pt: `<p>No ${brand}, seu rank sobe com o total que você aposta no cassino e nos esportes. Cada nível tem seu nome e seu selo, e você vê quanto falta para o próximo na página <a href="/ranking">Ranking</a>.</p>
<h2>Pontos VIP</h2>
<p>Suas apostas também somam pontos VIP. Eles marcam sua fidelidade: não são dinheiro, não podem ser sacados e não viram saldo para apostar.</p>
<p>Jogue só com o que pode perder. O rank não é um objetivo a perseguir.</p>`,
          en: `<p>At ${brand}, your rank rises with the total you wager on the casino and sports. Each level has its own name and badge, and the <a href="/en/ranking">Ranking</a> page shows how far the next one is.</p>
<h2>VIP points</h2>
<p>Your bets also earn VIP points. They mark your loyalty: they are not money, cannot be withdrawn and never become balance to bet with.</p>
<p>Only play with what you can afford to lose. A rank is not something to chase.</p>`,
        },
        image: art('clube-vip'),
        couponCode: null,
        startsAt: null,
        endsAt: null,
        active: true,
        sort: 10,
      },
    },
    {
      slug: 'torneio-pontos-vip',
      input: {
        title: { pt: 'Torneio de pontos VIP do mês', en: "This month's VIP points tournament" },
        summary: {
          pt: 'Os jogadores que mais somarem pontos VIP no período ganham pontos VIP extras. Sem dinheiro, sem bônus.',
          en: 'The players who earn the most VIP points in the period win extra VIP points. No money, no bonus.',
        },
        body: {
          pt: `<p>Durante o período do torneio, a classificação segue os pontos VIP que cada jogador soma com suas apostas.</p>
<ul><li>1º lugar: 5.000 pontos VIP</li><li>2º lugar: 2.500 pontos VIP</li><li>3º ao 10º lugar: 1.000 pontos VIP</li></ul>
<p>Os prêmios são pontos VIP, creditados pela equipe ao fim do torneio. Pontos VIP não são dinheiro: não podem ser sacados nem usados como saldo, como manda a Lei nº 14.790/2023.</p>
<p>Não aposte para subir na classificação. Se o jogo deixar de ser diversão, use as ferramentas de <a href="/responsible-gambling">Jogo Responsável</a>.</p>`,
          en: `<p>During the tournament, the standings follow the VIP points each player earns with their bets.</p>
<ul><li>1st place: 5,000 VIP points</li><li>2nd place: 2,500 VIP points</li><li>3rd to 10th place: 1,000 VIP points</li></ul>
<p>Prizes are VIP points, credited by our team when the tournament ends. VIP points are not money: they cannot be withdrawn or used as balance, as Brazilian Law 14,790/2023 requires.</p>
<p>Do not bet to climb the standings. If gaming stops being fun, use the <a href="/en/responsible-gambling">Responsible Gaming</a> tools.</p>`,
        },
        image: art('torneio-pontos-vip'),
        couponCode: null,
        startsAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        active: true,
        sort: 20,
      },
    },
    {
      slug: 'jogo-responsavel',
      input: {
        title: { pt: 'Jogue com limites', en: 'Play within limits' },
        summary: {
          pt: 'Defina limites de depósito, perda e tempo, faça uma pausa ou se autoexclua quando quiser.',
          en: 'Set deposit, loss and time limits, take a break or exclude yourself whenever you want.',
        },
        body: {
          pt: `<p>Apostar é entretenimento, não uma forma de ganhar dinheiro. Proibido para menores de 18 anos.</p>
<ul><li>Limites de depósito, perda e apostas por dia, semana ou mês.</li><li>Alerta de tempo e limite de sessão.</li><li>Pausa de 24 horas a 6 semanas e autoexclusão.</li></ul>
<p>Tudo isso está em <a href="/responsible-gambling">Jogo Responsável</a>, na sua conta. Leia também nossa <a href="/responsible-gaming">política de jogo responsável</a>.</p>`,
          en: `<p>Betting is entertainment, not a way to make money. No one under 18.</p>
<ul><li>Deposit, loss and wager limits per day, week or month.</li><li>Time alerts and a session limit.</li><li>A break from 24 hours to 6 weeks, and self-exclusion.</li></ul>
<p>All of it is under <a href="/en/responsible-gambling">Responsible Gaming</a> in your account. Read our <a href="/en/responsible-gaming">responsible gaming policy</a> too.</p>`,
        },
        image: art('jogo-responsavel'),
        couponCode: null,
        startsAt: null,
        endsAt: null,
        active: true,
        sort: 30,
      },
    },
  ];
}

/**
 * Gives each demo tenant without promotions the demo ones (also on a
 * database seeded before promotions existed). A tenant whose operator
 * deleted them all gets them back on the next start: acceptable for the demo.
 * @returns the domains seeded.
 */
export async function seedDemoPromotions(db: Db, tenants: { domain: string; brand: string }[], log: Logger, now: Date = new Date()): Promise<string[]> {
  const seeded: string[] = [];
  for (const { domain, brand } of tenants) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(promotions).where(eq(promotions.tenantId, tenant.id));
    if (n > 0) continue;
    for (const { slug, input } of demoPromotions(domain, brand, now)) await savePromotion(db, tenant.id, slug, input);
    seeded.push(domain);
    log.info(`Seeded the demo promotions of ${domain}`);
  }
  return seeded;
}
