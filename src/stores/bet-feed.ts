import { atom } from 'nanostores';
import { BET_FEED_PENDING_LIMIT, BET_FEED_SIZE, type ProcessedBet } from '../contract/bet-feed.ts';
import type { BetPlacedEvent } from '../contract/casino.ts';

/**
 * The live bet feed: the 5 newest processed bets, newest first. Stakes and
 * wins arrive as separate `BetPlaced` events on the tenant's public channel;
 * each half waits here for the other one with the same `transaction`.
 */
export const $betFeed = atom<ProcessedBet[]>([]);

const waiting = new Map<string, BetPlacedEvent>();

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCentavos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The event when `payload` is a well-formed `BetPlaced`, else null (never shown half-valid). */
export function betPlacedOf(payload: unknown): BetPlacedEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const game = p.game as Record<string, unknown> | undefined;
  const user = p.user as Record<string, unknown> | undefined;
  if (p.type !== 'bet' && p.type !== 'win') return null;
  if (!isText(p.transaction) || !isCentavos(p.amount) || !isText(p.date)) return null;
  if (!game || !isText(game.title) || !isText(game.gamecode) || !isText(game.providercode)) return null;
  // An empty name is a player who hides their activity: shown as anonymous.
  if (!user || typeof user.name !== 'string') return null;
  return {
    type: p.type,
    transaction: p.transaction,
    game: { title: game.title, gamecode: game.gamecode, providercode: game.providercode },
    user: { name: user.name },
    amount: p.amount,
    date: p.date,
  };
}

/** A stake and its win as one feed entry; multiplier = win / bet, 0 when nothing was won. */
export function processBet(bet: BetPlacedEvent, win: BetPlacedEvent): ProcessedBet {
  const multiplier = win.amount === 0 || bet.amount === 0 ? 0 : win.amount / bet.amount;
  return { transaction: bet.transaction, game: bet.game, user: bet.user, bet: bet.amount, win: win.amount, multiplier, date: win.date };
}

/** Puts an entry at the top, keeping the 5 newest and one entry per transaction. */
export function pushBet(entry: ProcessedBet): void {
  const rest = $betFeed.get().filter((e) => e.transaction !== entry.transaction);
  $betFeed.set([entry, ...rest].slice(0, BET_FEED_SIZE));
}

/** Handles one `BetPlaced` payload: waits for its other half, then shows the pair. */
export function receiveBetPlaced(payload: unknown): void {
  const event = betPlacedOf(payload);
  if (!event) return;
  const other = waiting.get(event.transaction);
  if (!other || other.type === event.type) {
    waiting.delete(event.transaction);
    waiting.set(event.transaction, event);
    // Halves whose partner never came (a lost event) must not pile up.
    if (waiting.size > BET_FEED_PENDING_LIMIT) waiting.delete(waiting.keys().next().value as string);
    return;
  }
  waiting.delete(event.transaction);
  pushBet(event.type === 'win' ? processBet(other, event) : processBet(event, other));
}

export function resetBetFeed(): void {
  waiting.clear();
  $betFeed.set([]);
}

/** How many halves wait for a partner (tests). */
export function waitingHalves(): number {
  return waiting.size;
}
