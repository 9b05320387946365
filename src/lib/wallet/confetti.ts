/**
 * The paid state's confetti (spec section 9: "Confetti: 40 pieces, 20
 * dots"), as plain data the island renders into CSS-animated elements.
 */
export const CONFETTI_PIECES = 40;
export const CONFETTI_DOTS = 20;
/** Colour slots; the stylesheet maps them to tenant colours. */
export const CONFETTI_COLOURS = 5;

export interface ConfettiBit {
  /** Horizontal start, % of the container width. */
  left: number;
  /** Animation delay and duration, ms. */
  delay: number;
  duration: number;
  /** Final rotation (pieces spin, dots do not need to), degrees. */
  rotate: number;
  /** Sideways drift at the end of the fall, px. */
  drift: number;
  colour: number;
}

function bit(random: () => number): ConfettiBit {
  return {
    left: Math.round(random() * 100),
    delay: Math.round(random() * 600),
    duration: 1800 + Math.round(random() * 1400),
    rotate: Math.round(180 + random() * 540),
    drift: Math.round((random() - 0.5) * 160),
    colour: Math.floor(random() * CONFETTI_COLOURS),
  };
}

/** 40 pieces and 20 dots with random positions and timings; `random` is injectable for tests. */
export function makeConfetti(random: () => number = Math.random): { pieces: ConfettiBit[]; dots: ConfettiBit[] } {
  return {
    pieces: Array.from({ length: CONFETTI_PIECES }, () => bit(random)),
    dots: Array.from({ length: CONFETTI_DOTS }, () => bit(random)),
  };
}
