import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import { realAggregatorAdapters } from './real-adapters.ts';
import { type AggregatorRegistry, createAggregatorRegistry } from './registry.ts';
import { createSandboxAggregator, type SandboxAggregator, type SandboxAggregatorOptions } from './sandbox/sandbox-aggregator.ts';

export interface Aggregators {
  registry: AggregatorRegistry;
  /** The sandbox aggregator when some provider (or the default) uses it; never in production mode. */
  sandbox: SandboxAggregator | null;
}

/**
 * The platform's aggregators from configuration: the real adapters and,
 * outside production mode, the sandbox (production refuses any provider
 * mapped to it before this runs, see server/config-production.ts).
 * @throws ConfigError when configuration names an aggregator no adapter provides.
 */
export function createAggregators(opts: { db: Db; config: Config; log?: Logger; sandbox?: Partial<Omit<SandboxAggregatorOptions, 'db' | 'settings'>> }): Aggregators {
  const { config } = opts;
  const sandbox = config.production ? null : createSandboxAggregator({ db: opts.db, settings: config.gameAggregators.sandbox, ...(opts.log ? { log: opts.log } : {}), ...opts.sandbox });
  const registry = createAggregatorRegistry(config, [...(sandbox ? [sandbox.adapter] : []), ...realAggregatorAdapters(config)]);
  return { registry, sandbox: sandbox && registry.active.includes(sandbox.adapter) ? sandbox : null };
}

/** One line for the start-up log: which aggregator serves the providers. */
export function describeAggregators(config: Config): string {
  const { defaultAggregator, byProvider } = config.gameAggregators;
  const overrides = [...byProvider].map(([code, name]) => `${code}→${name}`).join(', ');
  const direct = [...config.gameProviderSecrets.keys()].filter((code) => !byProvider.has(code)).join(', ');
  return `Game aggregators: ${defaultAggregator} by default${overrides ? `; ${overrides}` : ''}${direct ? `; direct (own secret): ${direct}` : ''}`;
}
