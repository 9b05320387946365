/**
 * Geometry of the Plinko board drawn on the play page, in SVG user units.
 * Display only: the path and the slot are the server's; this places them.
 *
 * Row r (0-based) has r + 3 pegs one GAP apart, centred on x = 0, so the last
 * row's rows + 2 pegs bound the rows + 1 slots. A ball that made m rights in
 * its first k moves sits at x = (m − k/2) · GAP: atop peg m + 1 of row k, and
 * after the last move over the centre of slot m.
 */

export const PLINKO_GAP = 10;
const PLINKO_ROW_HEIGHT = 9;
export const PLINKO_PEG_RADIUS = 1.3;
export const PLINKO_BALL_RADIUS = 2.6;
/** Room above the first row for the ball's drop. */
const TOP = 8;
/** Height of the slot boxes under the last row; 16-row boards write their labels upright in taller boxes. */
function plinkoSlotHeight(rows: number): number {
  return rows >= 16 ? 17 : 9;
}

export interface Point {
  x: number;
  y: number;
}

export interface PlinkoBoard {
  /** SVG viewBox: "minX minY width height". */
  viewBox: string;
  width: number;
  height: number;
  pegs: Point[];
  /** Centre of each slot box, slot 0 … rows. */
  slots: Point[];
  slotHeight: number;
}

function pegY(row: number): number {
  return TOP + row * PLINKO_ROW_HEIGHT;
}

/** The pegs and slots of a board of `rows` rows. */
export function plinkoBoard(rows: number): PlinkoBoard {
  const pegs: Point[] = [];
  for (let row = 0; row < rows; row++) {
    for (let peg = 0; peg < row + 3; peg++) pegs.push({ x: (peg - (row + 2) / 2) * PLINKO_GAP, y: pegY(row) });
  }
  const slotHeight = plinkoSlotHeight(rows);
  const slotY = pegY(rows - 1) + PLINKO_ROW_HEIGHT * 0.6 + slotHeight / 2;
  const slots = Array.from({ length: rows + 1 }, (_, slot) => ({ x: (slot - rows / 2) * PLINKO_GAP, y: slotY }));
  const width = (rows + 2) * PLINKO_GAP + PLINKO_GAP / 2;
  const height = slotY + slotHeight / 2 + 1;
  return { viewBox: `${-width / 2} 0 ${width} ${height}`, width, height, pegs, slots, slotHeight };
}

/** How many pegs a board of `rows` rows has: 3 + 4 + … + (rows + 2). */
export function plinkoPegCount(rows: number): number {
  return (rows * (rows + 5)) / 2;
}

/**
 * The ball's stops for a path: the drop point above the board, then atop the
 * peg it hits in each row, then resting on its slot (path.length + 2
 * points). The slot is the number of rights, as the server counts it.
 */
export function plinkoBallStops(path: readonly ('L' | 'R')[]): Point[] {
  const rows = path.length;
  const lift = PLINKO_PEG_RADIUS + PLINKO_BALL_RADIUS;
  const stops: Point[] = [{ x: 0, y: pegY(0) - lift - 4 }];
  let rights = 0;
  path.forEach((move, row) => {
    stops.push({ x: (rights - row / 2) * PLINKO_GAP, y: pegY(row) - lift });
    if (move === 'R') rights += 1;
  });
  // It comes to rest on the slot's box, not over its label.
  const board = plinkoBoard(rows);
  const slot = board.slots[rights]!;
  stops.push({ x: slot.x, y: slot.y - board.slotHeight / 2 - PLINKO_BALL_RADIUS * 0.4 });
  return stops;
}

/** Colour band of a slot by its payout (1/10000): 0 under 1×, 1 up to 2×, 2 up to 10×, 3 above. */
export function plinkoSlotTier(multiplier: number): 0 | 1 | 2 | 3 {
  if (multiplier < 10_000) return 0;
  if (multiplier < 20_000) return 1;
  if (multiplier < 100_000) return 2;
  return 3;
}
