import { HOUSE_PROVIDER_CODE } from '../../../src/contract/casino.ts';
import type { Locale } from '../../../src/contract/tenant-bundle.ts';
import type { GameRow } from './schema.ts';

/** What a provider needs to start one session of a game. `userId` is null for a guest (demo only). */
export interface LaunchInput {
  /** The tenant whose player launches: `domain` is the host its wallet calls must name to reach that tenant. */
  tenant: { id: number; domain: string };
  game: GameRow;
  /** The provider's display name (the catalogue's `provider_name`). */
  providerName: string;
  demo: boolean;
  userId: number | null;
  locale: Locale;
}

/**
 * A game provider's launch side: turns a game into the URL the game page
 * loads in its iframe. An aggregator plugs in by registering one launcher
 * per provider code it serves (its seamless-wallet callbacks live apart,
 * see ./provider-wallet). A launcher throws when it cannot start the game;
 * the call then answers the "under maintenance" state.
 */
export interface GameLauncher {
  code: string;
  launchUrl(input: LaunchInput): Promise<string>;
}

/** Provider code → launcher (a Map is one; the aggregator registry answers for any configured provider). */
export interface LauncherRegistry {
  get(code: string): GameLauncher | undefined;
}

/**
 * The built-in provider: its games run in the site's own play page
 * (`/casino/play`), which talks to the house-game calls (`/house/...`). A
 * site-relative URL, so it works on every tenant domain; the locale prefix
 * (`/en/casino/play` for English) keeps the frame's texts, number format and
 * links in the game page's language.
 */
export const houseLauncher: GameLauncher = {
  code: HOUSE_PROVIDER_CODE,
  launchUrl: ({ game, demo, locale }) =>
    Promise.resolve(`${locale === 'en' ? '/en' : ''}/casino/play?${new URLSearchParams({ game: game.gamecode, mode: demo ? 'demo' : 'real' }).toString()}`),
};

/** A registry of the given launchers, later codes replacing earlier ones. */
export function launcherRegistry(...launchers: GameLauncher[]): LauncherRegistry {
  return new Map(launchers.map((l) => [l.code, l]));
}

/** The launchers the platform ships with: only the house provider. */
export const defaultLaunchers: LauncherRegistry = launcherRegistry(houseLauncher);
