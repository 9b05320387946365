import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';

/**
 * What the chat services need: the database, the realtime publisher
 * (main.ts: the realtime server's `publish`; tests: a recorder), a logger,
 * and optionally a clock and a rate limiter (default: the DB-backed one on
 * the same clock, shared by every platform node).
 */
export interface ChatDeps {
  db: Db;
  publish: Publish;
  log: Logger;
  now?: () => Date;
  limiter?: RateLimiter;
}

export const chatClock = (deps: Pick<ChatDeps, 'now'>): Date => (deps.now ? deps.now() : new Date());
