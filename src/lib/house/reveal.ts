import type { HouseOutcome } from '../../contract/casino.ts';

/**
 * Timing of the result animations of the house games. The outcome is the
 * server's and already decided; these only say how much of it to show at a
 * moment (progress 0 … 1 of the animation). Pure, so they are tested apart.
 */

/** Milliseconds a ball spends between two stops. */
const PLINKO_STEP_MS = 110;
const DICE_REVEAL_MS = 900;

/** Plinko: one step per row, plus the drop and the landing. */
export function plinkoRevealMs(rows: number): number {
  return (rows + 2) * PLINKO_STEP_MS;
}

/** Index of the ball's stop (0 … rows + 1, see `plinkoBallStops`) at `progress`. */
export function plinkoStop(rows: number, progress: number): number {
  const last = rows + 1;
  if (progress >= 1) return last;
  return Math.min(last, Math.max(0, Math.floor(progress * (last + 1))));
}

/** Ease-out (cubic): fast start, slow finish — a die rolling to rest. */
function easeOut(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 1 - (1 - p) ** 3;
}

/** Dice: the value shown (hundredths) while the marker rolls from 0 to `roll`. */
export function diceShown(roll: number, progress: number): number {
  return progress >= 1 ? roll : Math.round(roll * easeOut(progress));
}

/** Limbo: longer for higher results (crash-style), 0.4 s … 2.2 s. */
export function limboRevealMs(result: number): number {
  const growth = Math.log(Math.max(1, result / 10_000));
  return Math.round(Math.min(2200, 400 + 420 * growth));
}

/**
 * Limbo: the multiplier (1/10000, whole hundredths) counting up from 1.00×
 * to `result`, growing exponentially as a crash curve does; exactly `result`
 * at the end.
 */
export function limboShown(result: number, progress: number): number {
  if (progress >= 1) return result;
  const p = Math.max(0, progress);
  const value = 10_000 * (result / 10_000) ** p;
  return Math.min(result, Math.max(10_000, Math.floor(value / 100) * 100));
}

/** How long the animation of `outcome` runs (0: nothing to animate). */
export function revealMs(outcome: HouseOutcome | undefined): number {
  switch (outcome?.game) {
    case 'dice':
      return DICE_REVEAL_MS;
    case 'limbo':
      return limboRevealMs(outcome.result);
    case 'plinko':
      return plinkoRevealMs(outcome.path.length);
    default:
      return 0;
  }
}
