import { type LineHit, lineHit, MIN_RUN, payOf, type SlotMachine } from './slots-machine.ts';

/**
 * The exact return of a slot machine, and a paytable scaled to a target.
 *
 * A reel stopped uniformly at random shows, on any one row, each symbol with
 * its frequency on the strip (count / strip length), and the reels stop
 * independently, so the symbols under any payline are independent draws
 * from the strips' frequencies, the same for every payline. Enumerating
 * every tuple of distinct symbols (7⁵ = 16 807 for the sandbox machine) with
 * its weight Π count gives how many of the Π length equally likely stop
 * combinations make a line hit each (symbol, run). By linearity of
 * expectation the RTP is lines × Σ weight · pay / (Π length × 100), pays in
 * hundredths of the total stake, however the lines overlap. Integers
 * throughout (BigInt), so the figure is exact.
 */

export interface HitWeight extends LineHit {
  /** Stop combinations, out of Π strip lengths, for which one given line hits this run. */
  weight: bigint;
}

/** How often one payline hits each (symbol, run), as counts of stop combinations. */
export function lineHitWeights(machine: SlotMachine): HitWeight[] {
  const frequencies = machine.strips.map((strip) => {
    const counts = new Map<string, number>();
    for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts];
  });
  const hits = new Map<string, HitWeight>();
  const line: string[] = [];
  const walk = (reel: number, weight: bigint): void => {
    const reelFrequencies = frequencies[reel];
    if (!reelFrequencies) {
      const hit = lineHit(machine, line);
      if (!hit) return;
      const key = `${hit.symbol}:${hit.count}`;
      const known = hits.get(key);
      if (known) known.weight += weight;
      else hits.set(key, { ...hit, weight });
      return;
    }
    for (const [symbol, count] of reelFrequencies) {
      line[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    }
    line.length = reel;
  };
  walk(0, 1n);
  return [...hits.values()];
}

/** Π strip lengths: the number of equally likely stop combinations. */
export function stopCombinations(machine: SlotMachine): bigint {
  return machine.strips.reduce((n, strip) => n * BigInt(strip.length), 1n);
}

/** Exact RTP as a fraction: Σ over lines and hits of weight · pay (hundredths) over Π lengths · 100. */
export function exactRtp(machine: SlotMachine, paytable: SlotMachine['paytable'] = machine.paytable): { numerator: bigint; denominator: bigint } {
  const perLine = lineHitWeights(machine).reduce((sum, hit) => sum + hit.weight * BigInt(payOf(paytable, hit)), 0n);
  return { numerator: BigInt(machine.paylines.length) * perLine, denominator: stopCombinations(machine) * 100n };
}

/** The exact RTP in ppm (1e6 = 100 %), rounded down. */
export function rtpPpmOf(machine: SlotMachine, paytable: SlotMachine['paytable'] = machine.paytable): number {
  const { numerator, denominator } = exactRtp(machine, paytable);
  return Number((numerator * 1_000_000n) / denominator);
}

/**
 * The machine's paytable scaled to return as close to `rtpBps` as the
 * hundredths allow, never above it: every pay multiplied by target / base
 * and rounded down, then the shortfall given back one hundredth at a time,
 * in rounds over the pays in order of how much a hundredth on each is worth
 * (most first), while one still fits under the target. What is left is
 * less than a hundredth on the rarest run (≈ 10⁻⁶ of RTP for the sandbox
 * machine), far inside 0.01 point.
 */
export function scalePaytable(machine: SlotMachine, rtpBps: number): Record<string, number[]> {
  const lines = BigInt(machine.paylines.length);
  const combinations = stopCombinations(machine);
  const hits = lineHitWeights(machine).filter((hit) => payOf(machine.paytable, hit) > 0);
  const base = hits.reduce((sum, hit) => sum + hit.weight * BigInt(payOf(machine.paytable, hit)), 0n);
  if (base === 0n) throw new Error('A slot machine whose paytable never pays cannot be scaled');
  // rtp ≤ target ⇔ 100 · lines · Σ w·pay ≤ rtpBps · combinations: both sides whole numbers.
  const target = BigInt(rtpBps) * combinations;
  const scaled: Record<string, number[]> = {};
  for (const [symbol, pays] of Object.entries(machine.paytable)) {
    scaled[symbol] = pays.map((pay) => Number((BigInt(pay) * target) / (100n * lines * base)));
  }
  const valueOf = (hit: HitWeight): bigint => 100n * lines * hit.weight;
  let budget = target - hits.reduce((sum, hit) => sum + valueOf(hit) * BigInt(scaled[hit.symbol]?.[hit.count - MIN_RUN] ?? 0), 0n);
  const byValue = [...hits].sort((a, b) => (valueOf(b) > valueOf(a) ? 1 : valueOf(b) < valueOf(a) ? -1 : 0));
  for (let added = true; added; ) {
    added = false;
    for (const hit of byValue) {
      const pays = scaled[hit.symbol];
      if (!pays || valueOf(hit) > budget) continue;
      pays[hit.count - MIN_RUN] = (pays[hit.count - MIN_RUN] ?? 0) + 1;
      budget -= valueOf(hit);
      added = true;
    }
  }
  return scaled;
}
