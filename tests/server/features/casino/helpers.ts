import { and, eq } from 'drizzle-orm';
import { games } from '../../../../server/db/schema.ts';
import { importCatalogue } from '../../../../server/features/casino/import/import-catalogue.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

/** A catalogue row with defaults; `over` replaces fields. */
export function row(n: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game_id: `g${n}`,
    title: `Game ${n}`,
    gamecode: `game-${n}`,
    providercode: 'alpha',
    provider_name: 'Alpha Studio',
    category_slug: 'slots',
    type: 'slot',
    image: `/covers/game-${n}.webp`,
    rtp: 96.5,
    ...over,
  };
}

/**
 * The test catalogue of `sorte.localhost` (its demo games removed first):
 * 30 games. alpha: 1–20 slots; beta: 21–27 (21–24 live, 25–27 table);
 * gamma: 28–30 crash. Special titles and flags on a few.
 */
export function testRows(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let n = 1; n <= 30; n += 1) {
    const provider = n <= 20 ? { providercode: 'alpha', provider_name: 'Alpha Studio' } : n <= 27 ? { providercode: 'beta', provider_name: 'Beta Ação' } : { providercode: 'gamma', provider_name: 'Gamma Crash' };
    const kind =
      n <= 20 ? { category_slug: 'slots', type: 'slot' } : n <= 24 ? { category_slug: 'live-casino', type: 'live', has_tables: true } : n <= 27 ? { category_slug: 'table-games', type: 'table' } : { category_slug: 'crash', type: 'crash' };
    rows.push(row(n, { ...provider, ...kind }));
  }
  Object.assign(rows[0]!, { title: 'Ação Total', featured: true });
  Object.assign(rows[1]!, { title: 'AÇÃO maior', bonus_allowed: false, featured_home: true });
  Object.assign(rows[2]!, { title: 'Desconto 50% já', only_demo: true });
  Object.assign(rows[3]!, { title: 'Desconto 500 grande' });
  Object.assign(rows[4]!, { title: 'snake_case game' });
  Object.assign(rows[5]!, { title: 'snakeXcase game' });
  Object.assign(rows[20]!, { bonus_allowed: false, featured: true, featured_home: true });
  return rows;
}

export interface CasinoHarness extends AccountsHarness {
  /** Platform ids of the test catalogue by number (1–30). */
  ids: Map<number, number>;
  setViews(n: number, views: number): Promise<void>;
  player(phone: string): Promise<string>;
}

export async function casinoHarness(opts: { env?: Record<string, string> } = {}): Promise<CasinoHarness> {
  const h = await accountsHarness(opts);
  await h.db.delete(games).where(eq(games.tenantId, h.tenants.sorte));
  await importCatalogue(h.db, { tenantId: h.tenants.sorte, text: JSON.stringify(testRows()), format: 'json', replace: false });
  const all = await h.db.select({ id: games.id, gameId: games.gameId }).from(games).where(eq(games.tenantId, h.tenants.sorte));
  const ids = new Map(all.map((g) => [Number(g.gameId.slice(1)), g.id]));
  return Object.assign(h, {
    ids,
    async setViews(n: number, views: number) {
      await h.db.update(games).set({ views }).where(and(eq(games.id, ids.get(n)!)));
    },
    async player(phone: string) {
      return (await registerPlayer(h, phone, { host: 'sorte.localhost' })).token;
    },
  });
}

export const SORTE = 'sorte.localhost';
