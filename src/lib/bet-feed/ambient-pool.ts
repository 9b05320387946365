import type { TenantBundle } from '../../contract/tenant-bundle.ts';
import type { AmbientGame } from './ambient.ts';

/** How many catalogue games the ambient generator draws from. */
export const AMBIENT_GAME_POOL = 12;

/**
 * The games the ambient generator may name, or undefined when it must not
 * run: only a tenant with `fakeBets` on and not `is_regulated` (the
 * configuration already refuses the pair; checked again at build time).
 */
export function ambientGamesOf(bundle: Pick<TenantBundle, 'config' | 'casino'>): AmbientGame[] | undefined {
  const { config } = bundle;
  if (!config.fakeBets || config.is_regulated) return undefined;
  const games = (bundle.casino?.games ?? []).slice(0, AMBIENT_GAME_POOL);
  return games.length > 0 ? games.map((g) => ({ title: g.title, gamecode: g.gamecode, providercode: g.providercode })) : undefined;
}
