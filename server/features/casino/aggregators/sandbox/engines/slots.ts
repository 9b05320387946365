import { isCentavos, isRecord } from './params.ts';
import { uniformInt } from './rng.ts';
import { lineHit, MIN_RUN, payOf, reelWindow, type SlotMachine } from './slots-machine.ts';
import { SANDBOX_SLOT_MACHINE } from './slots-reels.ts';
import { rtpPpmOf, scalePaytable } from './slots-rtp.ts';
import type { SandboxEngine } from './types.ts';

/**
 * Video slot: 5 reels × 3 rows, 10 fixed paylines, paying runs of 3, 4 or 5
 * of a kind from the leftmost reel, with a wild standing for any symbol.
 *
 * Maths: each reel stops uniformly on its strip (32 stops); a line pays its
 * (symbol, run) from the paytable, in hundredths of the TOTAL stake, and a
 * spin pays the sum over lines, each line floored to the centavo (exact for
 * stakes in whole reais). The base paytable's RTP is computed exactly by
 * enumerating symbol frequencies (./slots-rtp.ts: per-line expectation,
 * times 10 lines by linearity); each game scales the paytable to its
 * catalogue RTP and recomputes: `rtpPpm` is the exact figure after rounding,
 * at most and within 0.01 point of the target. The top prize (5 sevens,
 * ≈ 150× at 96.5 %) on all ten lines at once is still under `maxMultiplier`,
 * so the cap never cuts a payout and never changes the RTP.
 */

export type SlotsParams = Record<string, never>;
export interface SlotWin {
  /** 1-based: the payline drawn by describe().paylines[line − 1]. */
  line: number;
  symbol: string;
  count: number;
  /** Centavos. */
  payout: number;
}
export interface SlotsOutcome {
  /** grid[reel][row]: 5 columns of 3 symbols, top row first. */
  grid: string[][];
  wins: SlotWin[];
}

export const SLOTS_MAX_MULTIPLIER = 5000;

interface Tuned {
  paytable: Record<string, number[]>;
  rtpPpm: number;
}
const tunedByRtp = new Map<number, Tuned>();

/** The sandbox machine's paytable for `rtpBps` and its exact RTP, computed once per RTP. */
function tuned(machine: SlotMachine, rtpBps: number): Tuned {
  const cached = machine === SANDBOX_SLOT_MACHINE ? tunedByRtp.get(rtpBps) : undefined;
  if (cached) return cached;
  const paytable = scalePaytable(machine, rtpBps);
  const result = { paytable, rtpPpm: rtpPpmOf(machine, paytable) };
  if (machine === SANDBOX_SLOT_MACHINE) tunedByRtp.set(rtpBps, result);
  return result;
}

/** The slots engine of `machine` (the sandbox's by default) scaled to `rtpBps`. */
export function createSlotsEngine(rtpBps: number, machine: SlotMachine = SANDBOX_SLOT_MACHINE): SandboxEngine<SlotsParams, SlotsOutcome> {
  const { paytable, rtpPpm } = tuned(machine, rtpBps);
  const topPay = Math.max(...Object.values(paytable).flat());
  if (machine.paylines.length * topPay > SLOTS_MAX_MULTIPLIER * 100) {
    throw new Error(`Slot paytable for ${rtpBps} bps could pay above ${SLOTS_MAX_MULTIPLIER}× the stake`);
  }
  return {
    kind: 'slots',
    rtpPpm,
    maxMultiplier: SLOTS_MAX_MULTIPLIER,
    parseParams(input, stake) {
      return isCentavos(stake) && isRecord(input) && Object.keys(input).length === 0 ? {} : null;
    },
    play(stake, _params, rng) {
      const grid = machine.strips.map((strip) => reelWindow(strip, uniformInt(rng, strip.length), machine.rows));
      const wins: SlotWin[] = [];
      const line: string[] = [];
      machine.paylines.forEach((rows, index) => {
        rows.forEach((row, reel) => (line[reel] = grid[reel]?.[row] ?? ''));
        const hit = lineHit(machine, line);
        if (!hit) return;
        const payout = Math.floor((stake * payOf(paytable, hit)) / 100);
        if (payout > 0) wins.push({ line: index + 1, symbol: hit.symbol, count: hit.count, payout });
      });
      const payout = Math.min(SLOTS_MAX_MULTIPLIER * stake, wins.reduce((sum, w) => sum + w.payout, 0));
      return { outcome: { grid, wins }, payout };
    },
    describe() {
      return {
        reels: machine.strips.length,
        rows: machine.rows,
        symbols: [...machine.symbols],
        wild: machine.wild,
        paylines: machine.paylines.map((rows) => [...rows]),
        /** symbol → { '3': 0.31, '4': 0.9, '5': 2.5 }: multiples of the total stake. */
        paytable: Object.fromEntries(
          machine.symbols.map((symbol) => [symbol, Object.fromEntries((paytable[symbol] ?? []).map((pay, i) => [String(i + MIN_RUN), pay / 100]))]),
        ),
      };
    },
  };
}
