import type { GameType } from '../../../../../../src/contract/casino.ts';
import { createCrashEngine } from './crash.ts';
import { createRouletteEngine } from './roulette.ts';
import { createSlotsEngine } from './slots.ts';
import { createTableEngine } from './table.ts';
import type { EngineKind, SandboxEngine } from './types.ts';

export type { EngineKind, EngineRound, Rng, SandboxEngine } from './types.ts';
export { cryptoRng, seededRng } from './rng.ts';
export type { CrashOutcome, CrashParams } from './crash.ts';
export type { RouletteBet, RouletteBetType, RouletteOutcome, RouletteParams } from './roulette.ts';
export type { SlotsOutcome, SlotsParams, SlotWin } from './slots.ts';
export type { Card, TableOutcome, TableParams, TableSide } from './table.ts';

/**
 * RTPs the tunable engines (slots, crash, table) accept, basis points: from
 * the Brazilian regulatory floor of 95 % to 99.5 %. A catalogue figure outside
 * is brought to the nearest bound, and the engine's `rtpPpm` says what it
 * really returns (the page publishes that, not the catalogue's figure).
 */
export const SANDBOX_RTP_BPS = { min: 9500, max: 9950 } as const;

/** The RTP an engine is built for when the catalogue states none. */
export const SANDBOX_DEFAULT_RTP_BPS = 9600;

const ROULETTE_WORDS = /rolet|roulet|ruleta/i;

/**
 * Which family plays a catalogue game: crash games crash, slots spin, and
 * live, table and instant games are roulette when their code or title says
 * so (roleta, roulette, ruleta) and the card duel otherwise.
 */
export function engineKindOf(game: { type: GameType; gamecode: string; title: string }): EngineKind {
  if (game.type === 'crash') return 'crash';
  if (game.type === 'slot') return 'slots';
  return ROULETTE_WORDS.test(game.gamecode) || ROULETTE_WORDS.test(game.title) ? 'roulette' : 'table';
}

/** `rtpBps` as a whole number of basis points within SANDBOX_RTP_BPS (the default when it is not a finite number). */
export function sandboxRtpBps(rtpBps: number | null | undefined): number {
  if (typeof rtpBps !== 'number' || !Number.isFinite(rtpBps)) return SANDBOX_DEFAULT_RTP_BPS;
  return Math.min(SANDBOX_RTP_BPS.max, Math.max(SANDBOX_RTP_BPS.min, Math.round(rtpBps)));
}

/**
 * The engine of family `kind` tuned to the catalogue RTP `rtpBps` (9650 =
 * 96.5 %; clamped by `sandboxRtpBps`). Roulette ignores it: the wheel's
 * return is 36/37 whatever the catalogue says. Engines are pure and cheap
 * to build (slots computes its paytable once per RTP and caches it).
 */
export function createEngine(kind: EngineKind, rtpBps: number): SandboxEngine {
  const rtp = sandboxRtpBps(rtpBps);
  switch (kind) {
    case 'roulette':
      return createRouletteEngine();
    case 'crash':
      return createCrashEngine(rtp);
    case 'table':
      return createTableEngine(rtp);
    case 'slots':
      return createSlotsEngine(rtp);
  }
}
