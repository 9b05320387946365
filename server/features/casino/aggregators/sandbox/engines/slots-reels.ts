import type { SlotMachine } from './slots-machine.ts';

/**
 * The one slot machine every sandbox slot plays: 5 reels × 3 rows, 10 fixed
 * paylines, six paying symbols and a wild. Its base paytable returns about
 * 96 % (the exact figure: rtpPpmOf in ./slots-rtp.ts); each game scales it
 * to its catalogue RTP. Symbol codes are words the page draws as it likes.
 */

const SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'diamond', 'seven'] as const;
const WILD = 'wild';

/** How many of each symbol a strip holds, per reel (32 stops each). */
const REEL_COUNTS: readonly Readonly<Record<string, number>>[] = [
  { cherry: 8, lemon: 7, bell: 6, star: 4, diamond: 3, seven: 2, wild: 2 },
  { cherry: 8, lemon: 7, bell: 6, star: 4, diamond: 3, seven: 2, wild: 2 },
  { cherry: 8, lemon: 7, bell: 6, star: 4, diamond: 3, seven: 2, wild: 2 },
  { cherry: 8, lemon: 7, bell: 6, star: 4, diamond: 3, seven: 2, wild: 2 },
  { cherry: 8, lemon: 7, bell: 6, star: 4, diamond: 3, seven: 2, wild: 2 },
];

/**
 * A strip from symbol counts, each symbol's stops spread evenly along it
 * (the k-th of c copies near (k + ½) / c of the way), turned by `shift` so
 * the reels differ. Only the counts matter to the RTP; the order only
 * changes which windows the player sees.
 */
export function spreadStrip(counts: Readonly<Record<string, number>>, shift: number): string[] {
  const placed = Object.entries(counts).flatMap(([symbol, count], order) =>
    Array.from({ length: count }, (_, k) => ({ symbol, at: (k + 0.5) / count + order * 1e-6 })),
  );
  const strip = placed.sort((a, b) => a.at - b.at).map((p) => p.symbol);
  const turn = ((shift % strip.length) + strip.length) % strip.length;
  return [...strip.slice(turn), ...strip.slice(0, turn)];
}

/** Row per reel (0 = top) of the ten paylines, in the order the page numbers them 1–10. */
const PAYLINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
] as const;

/** Base pays for 3, 4 and 5 in a row, hundredths of the TOTAL stake (10 = 0.10×). */
const BASE_PAYTABLE: Readonly<Record<(typeof SYMBOLS)[number], readonly [number, number, number]>> = {
  cherry: [30, 90, 250],
  lemon: [45, 100, 400],
  bell: [60, 150, 600],
  star: [100, 400, 1500],
  diamond: [200, 800, 4000],
  seven: [400, 2000, 15000],
};

export const SANDBOX_SLOT_MACHINE: SlotMachine = {
  symbols: SYMBOLS,
  wild: WILD,
  strips: REEL_COUNTS.map((counts, reel) => spreadStrip(counts, reel * 7)),
  rows: 3,
  paylines: PAYLINES,
  paytable: BASE_PAYTABLE,
};
