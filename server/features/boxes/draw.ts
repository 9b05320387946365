import { PPM_TOTAL } from '../../../src/contract/boxes.ts';
import { type RoundSeeds, roundUint32s, UINT32_RANGE } from '../house/fairness/floats.ts';

/** A prize's share of a draw: tickets `from` ≤ t < `to` win it. */
export interface DrawRange {
  prize_id: number;
  probability_ppm: number;
  from: number;
  to: number;
}

/**
 * The ticket ranges of a box's prizes in their order: the first prize takes
 * 0 … ppm₁ − 1, the next the following ppm₂ tickets, and so on up to 999 999.
 * @throws Error when the ppm do not sum to exactly 1 000 000 (the operator API never stores such a box).
 */
export function drawRanges(prizes: readonly { id: number; probabilityPpm: number }[]): DrawRange[] {
  let from = 0;
  const ranges = prizes.map((p) => {
    const range = { prize_id: p.id, probability_ppm: p.probabilityPpm, from, to: from + p.probabilityPpm };
    from = range.to;
    return range;
  });
  if (from !== PPM_TOTAL) throw new Error(`box prizes sum to ${from} ppm, not ${PPM_TOTAL}`);
  return ranges;
}

/**
 * The ticket (0 … 999 999) of a uint32: ⌊u × 1 000 000 / 2³²⌋, exact in
 * doubles (u × 10⁶ < 2⁵³), i.e. ⌊float × 1 000 000⌋ of the house games' float.
 */
export function ticketOfUint32(u: number): number {
  return Math.floor((u * PPM_TOTAL) / UINT32_RANGE);
}

/** The prize range holding `ticket`. */
export function rangeOfTicket(ranges: readonly DrawRange[], ticket: number): DrawRange {
  const range = ranges.find((r) => ticket >= r.from && ticket < r.to);
  if (!range) throw new Error(`ticket ${ticket} outside the prize ranges`);
  return range;
}

export interface BoxDraw {
  /** The house games' first float of the round (uint32 / 2³²). */
  float: number;
  ticket: number;
  range: DrawRange;
}

/**
 * Draws a box's prize with the house games' scheme: the first uint32 of
 * HMAC-SHA256(server seed, `${client seed}:${nonce}`) → the ticket → the
 * prize whose range holds it. Pure: anyone with the seeds and the prize
 * table gets the same prize.
 */
export function drawBox(seeds: RoundSeeds, ranges: readonly DrawRange[]): BoxDraw {
  const [u] = roundUint32s(seeds, 1);
  const ticket = ticketOfUint32(u!);
  return { float: u! / UINT32_RANGE, ticket, range: rangeOfTicket(ranges, ticket) };
}
