/**
 * What a sandbox slot machine is made of, and how one line of symbols pays.
 * The data of the machine the sandbox plays is in ./slots-reels.ts; the maths
 * that prices it in ./slots-rtp.ts. Kept apart so tests can build small
 * machines and check the maths against brute force.
 */

/** Pays of one symbol by run length (3, 4, 5 … up to the reel count), in hundredths of the TOTAL stake. */
export type SymbolPays = readonly number[];

export interface SlotMachine {
  /** Paying symbols, lowest first. */
  symbols: readonly string[];
  /** The wild: stands for any paying symbol, pays nothing on its own (a line of wilds only pays as `symbols`' last, the top symbol). */
  wild: string;
  /** One strip per reel, read top to bottom and wrapping: a reel at stop s shows strip[s], strip[s+1], … on rows 0, 1, … */
  strips: readonly (readonly string[])[];
  rows: number;
  /** Row index per reel of each payline. */
  paylines: readonly (readonly number[])[];
  /** symbol → pays for runs of MIN_RUN, MIN_RUN + 1, … reels. */
  paytable: Readonly<Record<string, SymbolPays>>;
}

/** Shortest paying run, counted from the leftmost reel. */
export const MIN_RUN = 3;

export interface LineHit {
  symbol: string;
  count: number;
}

/**
 * The run a line of symbols (one per reel, leftmost first) pays for, or null.
 * The line's symbol is its first symbol that is not the wild (the top symbol
 * for a line of wilds); the run is how many reels from the left show that
 * symbol or the wild. This rule never depends on the pays, so scaling the
 * paytable leaves each line's (symbol, count) unchanged and the RTP linear in it.
 */
export function lineHit(machine: SlotMachine, line: readonly string[]): LineHit | null {
  const symbol = line.find((s) => s !== machine.wild) ?? machine.symbols[machine.symbols.length - 1];
  if (symbol === undefined) return null;
  let count = 0;
  while (count < line.length && (line[count] === symbol || line[count] === machine.wild)) count++;
  return count >= MIN_RUN ? { symbol, count } : null;
}

/** The pay of a run in hundredths of the total stake (0 when the paytable has none). */
export function payOf(paytable: SlotMachine['paytable'], hit: LineHit): number {
  return paytable[hit.symbol]?.[hit.count - MIN_RUN] ?? 0;
}

/** The symbols a reel shows at `stop`, top row first. */
export function reelWindow(strip: readonly string[], stop: number, rows: number): string[] {
  const window: string[] = [];
  for (let row = 0; row < rows; row++) window.push(strip[(stop + row) % strip.length] ?? '');
  return window;
}
