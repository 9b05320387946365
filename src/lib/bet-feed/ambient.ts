import { AMBIENT_BET, type ProcessedBet } from '../../contract/bet-feed.ts';

/**
 * The ambient bet generator (spec section 4): a made-up entry every 1.5 s,
 * staking R$ 0,40–150 in 60 % of cases and R$ 500–50.000 otherwise. It lives
 * only in the browser (nothing is stored or sent) and only for a tenant
 * whose configuration turns `fakeBets` on, which a regulated tenant cannot.
 * The spec is silent on the outcome: 45 % lose (multiplier 0), the rest win
 * 1.1× to 10× — a spread like the house games'. Entries are flagged `ambient`
 * so the feed can mark them.
 */
export interface AmbientGame {
  title: string;
  gamecode: string;
  providercode: string;
}

export type Random = () => number;

const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Lucas', 'Mariana', 'Mateus', 'Natália', 'Pedro', 'Rafaela', 'Thiago', 'Vitória', 'Yuri'];
const LOSS_SHARE = 0.45;
const WIN_MULTIPLIER: readonly [number, number] = [1.1, 10];

function between([low, high]: readonly [number, number], random: Random): number {
  return low + random() * (high - low);
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;
}

let sequence = 0;

/** One made-up feed entry for one of `games` (which must not be empty). */
export function ambientBet(games: readonly AmbientGame[], random: Random = Math.random, now: Date = new Date()): ProcessedBet {
  const range = random() < AMBIENT_BET.smallShare ? AMBIENT_BET.smallCentavos : AMBIENT_BET.largeCentavos;
  const bet = Math.round(between(range, random));
  const multiplier = random() < LOSS_SHARE ? 0 : Math.round(between(WIN_MULTIPLIER, random) * 100) / 100;
  const game = pick(games, random);
  return {
    transaction: `ambient-${now.getTime()}-${++sequence}`,
    game: { title: game.title, gamecode: game.gamecode, providercode: game.providercode },
    user: { name: pick(NAMES, random) },
    bet,
    win: Math.round(bet * multiplier),
    multiplier,
    date: now.toISOString(),
    ambient: true,
  };
}

/**
 * Hands `push` (the feed store's `pushBet`) an ambient entry every 1.5 s until
 * the returned function is called; nothing without games.
 */
export function startAmbientBets(games: readonly AmbientGame[], push: (entry: ProcessedBet) => void, random: Random = Math.random): () => void {
  if (games.length === 0) return () => undefined;
  const timer = setInterval(() => push(ambientBet(games, random)), AMBIENT_BET.intervalMs);
  return () => clearInterval(timer);
}
