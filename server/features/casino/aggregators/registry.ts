import { HOUSE_PROVIDER_CODE } from '../../../../src/contract/casino.ts';
import { type Config, ConfigError } from '../../../config.ts';
import { houseLauncher, type LauncherRegistry } from '../providers.ts';
import { type AggregatorAdapter, type HeaderReader, STANDARD_WALLET_SIGNATURE } from './adapter.ts';

/** The aggregator name meaning "no launcher": the provider's games answer the game page's maintenance state. */
export const NO_AGGREGATOR = 'none';

/** Checks one wallet call of a provider: the raw body and a header reader. */
export type WalletCallVerifier = (rawBody: string, header: HeaderReader) => boolean;

/** Which aggregator serves which provider, and what follows from it for launches, wallet calls and framing. */
export interface AggregatorRegistry {
  /** `house`, `none` or an adapter's name. */
  aggregatorOf(code: string): string;
  /** The house launcher plus, for every other provider, its aggregator's launcher (none for `none`). */
  launchers: LauncherRegistry;
  /** How provider `code`'s wallet calls are verified; null when it may not call (no secret). */
  walletVerifier(code: string): WalletCallVerifier | null;
  /** Adapters some provider (or the default) is mapped to. */
  active: readonly AggregatorAdapter[];
  /** Absolute origins of the active aggregators' game pages (the game page's `frame-src`). */
  frameOrigins: readonly string[];
}

export type AggregatorSettings = Pick<Config, 'gameAggregators' | 'gameProviderSecrets'>;

/**
 * Builds the registry from configuration. A provider's aggregator is, in
 * order: its GAME_PROVIDER_AGGREGATORS entry; `none` when it has its own
 * secret in GAME_PROVIDER_SECRETS (a provider integrated directly: the
 * standard signature with that secret, no launcher); else GAME_AGGREGATOR.
 * `house` is the built-in provider and never an aggregator's.
 * @throws ConfigError naming the variable when it names an aggregator no adapter provides.
 */
export function createAggregatorRegistry(settings: AggregatorSettings, adapters: readonly AggregatorAdapter[]): AggregatorRegistry {
  const { defaultAggregator, byProvider } = settings.gameAggregators;
  const byName = new Map(adapters.map((a) => [a.name, a]));
  const known = (name: string) => name === NO_AGGREGATOR || byName.has(name);
  const choices = `${[NO_AGGREGATOR, ...byName.keys()].join(', ')}`;
  if (!known(defaultAggregator)) throw new ConfigError('GAME_AGGREGATOR', `names an unknown aggregator "${defaultAggregator}" (known: ${choices})`);
  for (const [code, name] of byProvider) {
    if (!known(name)) throw new ConfigError('GAME_PROVIDER_AGGREGATORS', `maps "${code}" to an unknown aggregator "${name}" (known: ${choices})`);
  }

  const aggregatorOf = (code: string): string => {
    if (code === HOUSE_PROVIDER_CODE) return HOUSE_PROVIDER_CODE;
    return byProvider.get(code) ?? (settings.gameProviderSecrets.has(code) ? NO_AGGREGATOR : defaultAggregator);
  };
  const adapterOf = (code: string): AggregatorAdapter | null => byName.get(aggregatorOf(code)) ?? null;

  const activeNames = new Set([defaultAggregator, ...byProvider.values()]);
  const active = adapters.filter((a) => activeNames.has(a.name));
  return {
    aggregatorOf,
    launchers: {
      get(code) {
        if (code === HOUSE_PROVIDER_CODE) return houseLauncher;
        return adapterOf(code)?.launcher(code);
      },
    },
    walletVerifier(code) {
      if (code === HOUSE_PROVIDER_CODE) return null;
      const adapter = adapterOf(code);
      const scheme = adapter?.signature ?? STANDARD_WALLET_SIGNATURE;
      const secret = adapter ? adapter.secretFor(code) : (settings.gameProviderSecrets.get(code) ?? null);
      if (!secret) return null;
      return (rawBody, header) => scheme.verify(rawBody, header, secret);
    },
    active,
    frameOrigins: [...new Set(active.flatMap((a) => a.frameOrigins))],
  };
}
