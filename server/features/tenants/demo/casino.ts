import { count, eq } from 'drizzle-orm';
import { type GameType, HOUSE_PROVIDER_CODE, HOUSE_RTP_BPS } from '../../../../src/contract/casino.ts';
import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { games } from '../../casino/schema.ts';
import { importCatalogue } from '../../casino/import/import-catalogue.ts';
import { findTenantByDomain } from '../find-tenant.ts';

/*
 * The demo catalogue every demo tenant starts with: the three house games
 * (real play through /casino/play) and 37 games of five fictional
 * third-party studios, spread over the demo categories. Their games are
 * launched by the sandbox aggregator (GAME_AGGREGATOR=sandbox, the demo's
 * default: server/features/casino/aggregators/sandbox), which plays each
 * with an honest engine of its family (slots, roulette, crash, card table)
 * at its catalogue RTP, in real money through the seamless wallet or in
 * demo mode; with GAME_AGGREGATOR=none they show the maintenance state.
 * Covers are the SVGs under tenant-assets/<domain>/demo/<domain>/games/.
 */

interface DemoProvider {
  code: string;
  name: string;
}
interface DemoGame {
  provider: string;
  gamecode: string;
  title: string;
  category: string;
  type: GameType;
  /** Percent, as a catalogue file states it. */
  rtp: number;
  onlyDemo?: boolean;
  hasTables?: boolean;
  bonusAllowed?: boolean;
  featured?: boolean;
  featuredHome?: boolean;
}

export const DEMO_PROVIDERS: DemoProvider[] = [
  { code: 'aurora-gaming', name: 'Aurora Gaming' },
  { code: 'cascata-studios', name: 'Cascata Studios' },
  { code: 'jaguar-live', name: 'Jaguar Live' },
  { code: 'vela-mesa', name: 'Vela Mesa' },
  { code: 'rota-crash', name: 'Rota Crash' },
];

const SLOT = { category: 'slots', type: 'slot' } as const;
const LIVE = { category: 'live-casino', type: 'live', hasTables: true } as const;
const TABLE = { category: 'table-games', type: 'table' } as const;
const CRASH = { category: 'crash', type: 'crash' } as const;

export const DEMO_GAMES: DemoGame[] = [
  { provider: 'aurora-gaming', gamecode: 'tigre-dourado', title: 'Tigre Dourado', ...SLOT, rtp: 96.5, featured: true, featuredHome: true },
  { provider: 'aurora-gaming', gamecode: 'acao-na-selva', title: 'Ação na Selva', ...SLOT, rtp: 96.2, featuredHome: true },
  { provider: 'aurora-gaming', gamecode: 'frutas-do-sertao', title: 'Frutas do Sertão', ...SLOT, rtp: 95.8 },
  { provider: 'aurora-gaming', gamecode: 'carnaval-da-sorte', title: 'Carnaval da Sorte', ...SLOT, rtp: 96.1, featured: true },
  { provider: 'aurora-gaming', gamecode: 'ouro-de-minas', title: 'Ouro de Minas', ...SLOT, rtp: 96.7 },
  { provider: 'aurora-gaming', gamecode: 'arara-azul', title: 'Arara Azul', ...SLOT, rtp: 95.5, onlyDemo: true },
  { provider: 'aurora-gaming', gamecode: 'estrela-do-mar', title: 'Estrela do Mar', ...SLOT, rtp: 96.0 },
  { provider: 'aurora-gaming', gamecode: 'lua-cheia', title: 'Lua Cheia 100%', ...SLOT, rtp: 96.3 },
  { provider: 'cascata-studios', gamecode: 'cachoeira-de-gemas', title: 'Cachoeira de Gemas', ...SLOT, rtp: 96.4, featuredHome: true },
  { provider: 'cascata-studios', gamecode: 'coelho-da-fortuna', title: 'Coelho da Fortuna', ...SLOT, rtp: 96.8, featured: true },
  { provider: 'cascata-studios', gamecode: 'boi-bumba', title: 'Boi-Bumbá Bônus', ...SLOT, rtp: 95.9, bonusAllowed: false },
  { provider: 'cascata-studios', gamecode: 'piratas-do-rio', title: 'Piratas do Rio', ...SLOT, rtp: 96.0 },
  { provider: 'cascata-studios', gamecode: 'samba-slots', title: 'Samba Slots', ...SLOT, rtp: 96.6 },
  { provider: 'cascata-studios', gamecode: 'cristais-magicos', title: 'Cristais Mágicos', ...SLOT, rtp: 95.7, onlyDemo: true },
  { provider: 'cascata-studios', gamecode: 'dragao-de-fogo', title: 'Dragão de Fogo', ...SLOT, rtp: 96.2 },
  { provider: 'cascata-studios', gamecode: 'festa-junina', title: 'Festa Junina', ...SLOT, rtp: 96.1, bonusAllowed: false },
  { provider: 'jaguar-live', gamecode: 'roleta-ao-vivo', title: 'Roleta ao Vivo', ...LIVE, rtp: 97.3, featured: true, featuredHome: true },
  { provider: 'jaguar-live', gamecode: 'blackjack-vip', title: 'Blackjack VIP', ...LIVE, rtp: 99.3, bonusAllowed: false },
  { provider: 'jaguar-live', gamecode: 'bacara-rapido', title: 'Bacará Rápido', ...LIVE, rtp: 98.9 },
  { provider: 'jaguar-live', gamecode: 'roleta-brasileira', title: 'Roleta Brasileira', ...LIVE, rtp: 97.3, featured: true },
  { provider: 'jaguar-live', gamecode: 'game-show-da-sorte', title: 'Game Show da Sorte', ...LIVE, rtp: 96.1 },
  { provider: 'jaguar-live', gamecode: 'dados-ao-vivo', title: 'Dados ao Vivo', ...LIVE, rtp: 97.2 },
  { provider: 'jaguar-live', gamecode: 'futebol-studio', title: 'Futebol Studio', ...LIVE, rtp: 96.3 },
  { provider: 'vela-mesa', gamecode: 'blackjack-classico', title: 'Blackjack Clássico', ...TABLE, rtp: 99.5 },
  { provider: 'vela-mesa', gamecode: 'roleta-europeia', title: 'Roleta Europeia', ...TABLE, rtp: 97.3, featuredHome: true },
  { provider: 'vela-mesa', gamecode: 'poquer-caribenho', title: 'Pôquer Caribenho', ...TABLE, rtp: 97.4 },
  { provider: 'vela-mesa', gamecode: 'bacara-punto-banco', title: 'Bacará Punto Banco', ...TABLE, rtp: 98.9, onlyDemo: true },
  { provider: 'vela-mesa', gamecode: 'video-poquer', title: 'Vídeo Pôquer', ...TABLE, rtp: 99.1 },
  { provider: 'vela-mesa', gamecode: 'sic-bo', title: 'Sic Bo', ...TABLE, rtp: 97.2, onlyDemo: true },
  { provider: 'vela-mesa', gamecode: 'roleta-americana', title: 'Roleta Americana', ...TABLE, rtp: 97.3 },
  { provider: 'rota-crash', gamecode: 'foguete', title: 'Foguete', ...CRASH, rtp: 97.0, featured: true, featuredHome: true },
  { provider: 'rota-crash', gamecode: 'aviaozinho', title: 'Aviãozinho', ...CRASH, rtp: 97.0, featured: true },
  { provider: 'rota-crash', gamecode: 'balao', title: 'Balão', ...CRASH, rtp: 96.5 },
  { provider: 'rota-crash', gamecode: 'minas-de-diamante', title: 'Minas de Diamante', ...CRASH, rtp: 97.0 },
  { provider: 'rota-crash', gamecode: 'cometa', title: 'Cometa', ...CRASH, rtp: 96.0, onlyDemo: true },
  { provider: 'rota-crash', gamecode: 'galo-de-ouro', title: 'Galo de Ouro', ...CRASH, rtp: 96.8 },
  { provider: 'rota-crash', gamecode: 'torre-x', title: 'Torre X', ...CRASH, rtp: 96.2 },
];

const HOUSE_TITLES = { dice: 'Dice', limbo: 'Limbo', plinko: 'Plinko' } as const;
const TYPE_WORD: Record<GameType, { pt: string; en: string }> = {
  slot: { pt: 'caça-níquel', en: 'slot' },
  live: { pt: 'jogo ao vivo', en: 'live game' },
  table: { pt: 'jogo de mesa', en: 'table game' },
  crash: { pt: 'jogo crash', en: 'crash game' },
  instant: { pt: 'jogo instantâneo', en: 'instant game' },
};

/** Site path of a demo game's cover (the file lives in tenant-assets/<domain>/demo/<domain>/games/). */
export function demoCoverPath(domain: string, providercode: string, gamecode: string): string {
  return `/demo/${domain}/games/${providercode}-${gamecode}.svg`;
}

/** The house provider's display name on a tenant ("Ipê Bet Originais"). */
export function houseProviderName(brand: string): string {
  return `${brand} Originais`;
}

/** The demo catalogue of one tenant as catalogue-file rows (what `npm run catalogue:import` reads). */
export function demoCatalogueRows(domain: string, brand: string): Record<string, unknown>[] {
  const names = new Map(DEMO_PROVIDERS.map((p) => [p.code, p.name]));
  const house = Object.entries(HOUSE_TITLES).map(([gamecode, title]) => {
    const rtp = HOUSE_RTP_BPS[gamecode as keyof typeof HOUSE_TITLES] / 100;
    return {
      game_id: `house-${gamecode}`,
      title,
      gamecode,
      providercode: HOUSE_PROVIDER_CODE,
      provider_name: houseProviderName(brand),
      category_slug: 'originals',
      type: 'instant',
      rtp,
      only_demo: false,
      bonus_allowed: true,
      featured: true,
      featured_home: true,
      image: demoCoverPath(domain, HOUSE_PROVIDER_CODE, gamecode),
      description_pt: `${title}: jogo original da ${brand}, comprovadamente justo (provably fair), com RTP de ${rtp.toFixed(2).replace('.', ',')} %. Jogue com dinheiro real ou no modo demonstração.`,
      description_en: `${title}: a ${brand} original, provably fair, with an RTP of ${rtp.toFixed(2)}%. Play for real money or in demo mode.`,
    };
  });
  const others = DEMO_GAMES.map((g, i) => ({
    game_id: String(10_000 + i),
    title: g.title,
    gamecode: g.gamecode,
    providercode: g.provider,
    provider_name: names.get(g.provider),
    category_slug: g.category,
    type: g.type,
    rtp: g.rtp,
    has_tables: g.hasTables ?? false,
    only_demo: g.onlyDemo ?? false,
    bonus_allowed: g.bonusAllowed ?? true,
    featured: g.featured ?? false,
    featured_home: g.featuredHome ?? false,
    image: demoCoverPath(domain, g.provider, g.gamecode),
    description_pt: `${g.title} é um ${TYPE_WORD[g.type].pt} da ${names.get(g.provider)} com RTP de ${g.rtp.toFixed(2).replace('.', ',')} %.`,
    description_en: `${g.title} is a ${TYPE_WORD[g.type].en} by ${names.get(g.provider)} with an RTP of ${g.rtp.toFixed(2)}%.`,
  }));
  return [...house, ...others];
}

/**
 * Seeds the demo catalogue into each of `tenants` (domain + brand) that
 * exists and has no games yet: safe on every start, and an operator's own
 * catalogue (any game at all) is never touched.
 * @returns the domains it seeded.
 */
export async function seedDemoCatalogues(db: Db, tenants: { domain: string; brand: string }[], log: Logger): Promise<string[]> {
  const seeded: string[] = [];
  for (const { domain, brand } of tenants) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(games).where(eq(games.tenantId, tenant.id));
    if (n > 0) continue;
    const summary = await importCatalogue(db, { tenantId: tenant.id, text: JSON.stringify(demoCatalogueRows(domain, brand)), format: 'json', replace: false });
    seeded.push(domain);
    log.info(`Seeded the demo casino catalogue of ${domain} (${summary.games} games, ${summary.providers} providers)`);
  }
  return seeded;
}
