import { isCentavos, isIntIn, isRecord } from './params.ts';
import { uniformInt } from './rng.ts';
import type { Rng, SandboxEngine } from './types.ts';

/**
 * Crash with an automatic cash-out, the house Limbo's maths with a tunable RTP.
 *
 * Maths: draw n uniform in [0, R), R = 2³², and let r be the RTP in basis
 * points. The crash point in hundredths is h = floor(r·R / (100·(R − n))),
 * at least 100 (1.00×) and at most the cap C = 100 000 (1000.00×). For a
 * target t in hundredths (101 ≤ t ≤ C), h ≥ t exactly when R − n ≤ r·R/(100·t),
 * so P(h ≥ t) = floor(r·R / (100·t)) / R ≈ (r/10⁴) / (t/100): the chance of
 * reaching x× is RTP / x. A round pays floor(stake · t / 100) when h ≥ t,
 * else 0, so its expected multiple is (t/100) · P(h ≥ t), which is the RTP
 * less under t / (100·R) ≤ 2.4·10⁻⁷: `rtpPpm` is r · 100 to the ppm. The cap
 * only trims crash points above every allowed target, so it never changes a
 * payout. Payouts are floored to the centavo (exact when stake · t is a
 * multiple of 100).
 */

export interface CrashParams {
  /** Auto cash-out target in hundredths (101 = 1.01×). */
  cashout: number;
}
export interface CrashOutcome {
  /** Where the multiplier stopped, hundredths. */
  crashPoint: number;
  cashedOut: boolean;
}

export const CRASH_MIN_CASHOUT = 101;
/** 1000.00×: the highest crash point shown and the highest target. */
export const CRASH_MAX_CASHOUT = 100_000;

const R = 2 ** 32;

/**
 * The crash point in hundredths from n in [0, 2³²) at RTP `rtpBps`, in exact
 * integer arithmetic (r·R < 2⁵³, and the quotient is corrected after the
 * floating division so rounding never moves it across an integer).
 */
export function crashPointOf(n: number, rtpBps: number): number {
  return Math.min(CRASH_MAX_CASHOUT, Math.max(100, floorDiv(rtpBps * R, 100 * (R - n))));
}

/** Exact P(crash point ≥ t) for a target t in hundredths (≤ the cap) at RTP `rtpBps`. */
export function crashReachChance(t: number, rtpBps: number): number {
  return Math.min(R, floorDiv(rtpBps * R, 100 * t)) / R;
}

/** floor(a / b) for non-negative integers below 2⁵³ whose quotient times b stays below 2⁵³. */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

export function createCrashEngine(rtpBps: number): SandboxEngine<CrashParams, CrashOutcome> {
  return {
    kind: 'crash',
    rtpPpm: rtpBps * 100,
    maxMultiplier: CRASH_MAX_CASHOUT / 100,
    parseParams(input, stake) {
      if (!isCentavos(stake) || !isRecord(input) || !isIntIn(input.cashout, CRASH_MIN_CASHOUT, CRASH_MAX_CASHOUT)) return null;
      return { cashout: input.cashout };
    },
    play(stake, params, rng: Rng) {
      const crashPoint = crashPointOf(uniformInt(rng, R), rtpBps);
      const cashedOut = crashPoint >= params.cashout;
      return { outcome: { crashPoint, cashedOut }, payout: cashedOut ? Math.floor((stake * params.cashout) / 100) : 0 };
    },
    describe() {
      return { cashout: { min: CRASH_MIN_CASHOUT, max: CRASH_MAX_CASHOUT }, maxCrashPoint: CRASH_MAX_CASHOUT, rtpBps };
    },
  };
}
