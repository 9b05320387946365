import type { Config } from '../../../../config.ts';
import type { Db } from '../../../../db/open.ts';
import type { Logger } from '../../../../logger.ts';
import { createSandboxScheduler } from '../../../payments/sandbox/scheduler.ts';
import { type AggregatorAdapter, STANDARD_WALLET_SIGNATURE } from '../adapter.ts';
import { createDemoBalances } from './demo-balances.ts';
import { cryptoRng } from './engines/index.ts';
import type { Rng } from './engines/types.ts';
import type { HttpPost } from './http-post.ts';
import { sandboxLauncher } from './launcher.ts';
import { createOwedCalls, type OwedCalls, type OwedRetry } from './owed-calls.ts';
import type { RoundDeps } from './rounds.ts';
import { createSessionSigner, type SessionSigner } from './session.ts';
import { createWalletClient, type WalletRetry } from './wallet-client.ts';

/** Its name in configuration (GAME_AGGREGATOR, GAME_PROVIDER_AGGREGATORS). */
export const SANDBOX_AGGREGATOR = 'sandbox';

/** The path this server serves the sandbox under (SANDBOX_AGGREGATOR_URL must reach it). */
export const SANDBOX_AGGREGATOR_PATH = '/sandbox-aggregator';

export interface SandboxAggregatorOptions {
  db: Db;
  settings: Config['gameAggregators']['sandbox'];
  log?: Logger;
  /** How wallet calls are posted (tests reroute or drop them). Default node:http. */
  post?: HttpPost;
  walletRetry?: Partial<WalletRetry>;
  owedRetry?: Partial<OwedRetry>;
  /** A fresh random source per round (tests seed it). Default crypto. */
  rng?: () => Rng;
}

/**
 * The sandbox game aggregator: a third party that happens to live in this
 * repository. It reaches the platform only as a real aggregator does: the
 * launch URLs its launchers hand out, and signed HTTP calls to the
 * platform's seamless wallet (`POST {walletUrl}/providers/{code}/wallet`).
 * It never touches the wallet or the ledger directly.
 */
export interface SandboxAggregator {
  adapter: AggregatorAdapter;
  sessions: SessionSigner;
  rounds: RoundDeps;
  owed: OwedCalls;
  /** Schedules the calls it still owed when it last stopped (call once the platform's HTTP server listens). */
  resume(): Promise<void>;
  /** Resolves when no owed call waits or runs (tests). */
  whenIdle(): Promise<void>;
  /** Cancels waiting attempts and waits for running ones; what is owed stays in the database for `resume`. */
  close(): Promise<void>;
}

export function createSandboxAggregator(opts: SandboxAggregatorOptions): SandboxAggregator {
  const { settings } = opts;
  const scheduler = createSandboxScheduler((error) => opts.log?.error('sandbox aggregator: an owed call failed', error));
  const wallet = createWalletClient({ walletUrl: settings.walletUrl, secret: settings.secret, ...(opts.walletRetry ? { retry: opts.walletRetry } : {}), ...(opts.post ? { post: opts.post } : {}) });
  const owed = createOwedCalls({ db: opts.db, scheduler, wallet, ...(opts.owedRetry ? { retry: opts.owedRetry } : {}), ...(opts.log ? { log: opts.log } : {}) });
  const sessions = createSessionSigner(settings.secret);
  const absolute = /^https?:\/\//i.test(settings.url);
  return {
    adapter: {
      name: SANDBOX_AGGREGATOR,
      signature: STANDARD_WALLET_SIGNATURE,
      secretFor: () => settings.secret,
      launcher: (code) => sandboxLauncher(code, { baseUrl: settings.url, sessions }),
      frameOrigins: absolute ? [new URL(settings.url).origin] : [],
    },
    sessions,
    rounds: { wallet, owed, demo: createDemoBalances(), rng: opts.rng ?? cryptoRng, ...(opts.log ? { log: opts.log } : {}) },
    owed,
    resume: () => owed.resume(),
    whenIdle: () => scheduler.whenIdle(),
    close: () => scheduler.close(),
  };
}
