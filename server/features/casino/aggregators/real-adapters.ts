import type { Config } from '../../../config.ts';
import type { AggregatorAdapter } from './adapter.ts';

/**
 * The real aggregators this platform is integrated with: one adapter each
 * (launch URL + signature scheme, see ./adapter.ts), named in configuration
 * by GAME_AGGREGATOR / GAME_PROVIDER_AGGREGATORS. docs/casino.md
 * ("Adding a real aggregator") walks through adding one.
 */
export function realAggregatorAdapters(_config: Config): AggregatorAdapter[] {
  return [];
}
