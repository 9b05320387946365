import type { EngineKind } from '../engines/types.ts';

/** The game page's two languages (the platform page's locale, passed through the launch). */
export type SandboxLocale = 'pt' | 'en';

/**
 * Everything the sandbox game page needs to draw itself: the aggregator's
 * server builds it from the launch session and hands it to
 * `renderGamePage`, which embeds it as JSON for the browser script.
 */
export interface SandboxPageView {
  /** The launch session, sent back on every call. */
  token: string;
  locale: SandboxLocale;
  /** Demo credits kept by the aggregator: no wallet call, no real money. */
  demo: boolean;
  game: { title: string; provider: string; kind: EngineKind };
  /** The engine's published RTP in basis points (9650 = 96,50 %). */
  rtpBps: number;
  /** Centavos at launch (real: the wallet's `balance` answer; demo: the demo credits). */
  balance: number;
  /** Centavos: the stake of one round (roulette: the sum of its bets) must lie within. */
  limits: { minStake: number; maxStake: number };
  /** `engine.describe()`: paytable, bet types, multipliers; locale-free, the page words it. */
  rules: unknown;
  /** Where the page posts rounds and reads the balance, e.g. `/sandbox-aggregator`. */
  apiBase: string;
}
