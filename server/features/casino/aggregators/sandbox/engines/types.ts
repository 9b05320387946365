/**
 * The sandbox aggregator's game engines: pure, honest maths per game family,
 * with no I/O. A round takes the stake (centavos), the player's choices and
 * a source of uniform random floats, and answers what happened and what it
 * pays. Each engine states its exact return to player (RTP) so the game page
 * can publish it and the tests can check a million simulated rounds land
 * within five standard errors of it.
 */

/** Uniform floats in [0, 1) from a cryptographic source (tests pass a seeded one). */
export interface Rng {
  next(): number;
}

/** The four families the sandbox plays: every catalogue game maps to one (see ./index.ts). */
export type EngineKind = 'slots' | 'roulette' | 'crash' | 'table';

export interface EngineRound<Outcome> {
  /** What the player sees drawn (reels, pocket, crash point, cards): JSON-safe. */
  outcome: Outcome;
  /** Payout in centavos (0 for a loss), never more than the engine's maximum multiplier × stake. */
  payout: number;
}

/** One game family configured for one game (its published RTP, when the family can be tuned). */
export interface SandboxEngine<Params = unknown, Outcome = unknown> {
  kind: EngineKind;
  /** Exact return to player of this configuration, basis points with two more decimals (9650_00 = 96.5000 %): 1e6 = 100 %. */
  rtpPpm: number;
  /** Highest payout of a round as a multiple of its stake (the provider's max_multiplier for this game). */
  maxMultiplier: number;
  /** Checks the player's choices (bets on the table, cash-out target, side); null when they are not valid for a stake. */
  parseParams(input: unknown, stake: number): Params | null;
  play(stake: number, params: Params, rng: Rng): EngineRound<Outcome>;
  /** What the game page shows as its rules and paytable: JSON-safe, locale-free (the page words it). */
  describe(): unknown;
}
