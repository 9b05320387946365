import { HOUSE_GAMES, type HouseGame } from '../../contract/casino.ts';

/** Play mode of the play page: real money (logged-in players) or demo (no money). */
export type HouseMode = 'real' | 'demo';

export function isHouseGame(value: unknown): value is HouseGame {
  return typeof value === 'string' && (HOUSE_GAMES as readonly string[]).includes(value);
}

/**
 * `?game=dice|limbo|plinko&mode=real|demo` of the play page (the game page's
 * iframe URL). Unknown values fall back to Dice in demo mode, which needs no
 * login and moves no money.
 */
export function readPlayQuery(search: string): { game: HouseGame; mode: HouseMode } {
  const query = new URLSearchParams(search);
  const game = query.get('game');
  return { game: isHouseGame(game) ? game : 'dice', mode: query.get('mode') === 'real' ? 'real' : 'demo' };
}

/** `?round=ID` of the verification page: a positive integer, or null. */
export function readRoundQuery(search: string): number | null {
  const raw = new URLSearchParams(search).get('round');
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Locale-neutral path of the verification page. */
export const FAIRNESS_PATH = '/casino/fairness';
