import type { Db } from '../../db/open.ts';
import { DomainError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import type { Publish } from '../payments/deps.ts';
import type { RateLimiter, RateRule } from '../rate-limit/limiter.ts';

/**
 * What the chat services need: the database, the realtime publisher
 * (main.ts: the realtime server's `publish`; tests: a recorder), a logger,
 * and optionally a clock and a rate limiter (default: the DB-backed one on
 * the same clock, shared by every platform node, made once by the routes).
 */
export interface ChatDeps {
  db: Db;
  publish: Publish;
  log: Logger;
  now?: () => Date;
  limiter?: RateLimiter;
}

/** The deps of the rate-limited services (posting, uploading): the routes' one limiter, so its periodic sweep runs. */
export type LimitedChatDeps = ChatDeps & { limiter: RateLimiter };

export const chatClock = (deps: Pick<ChatDeps, 'now'>): Date => (deps.now ? deps.now() : new Date());

/**
 * Counts one hit on every `[key, rule]`; when any of them is over its limit,
 * refuses with 429 `code` and `retry_in` = the longest wait.
 * @throws DomainError 429 (`retry_in`).
 */
export async function enforceRateLimits(limiter: RateLimiter, code: string, hits: ReadonlyArray<readonly [key: string, rule: RateRule]>): Promise<void> {
  let blocked = false;
  let retryIn = 0;
  for (const [key, rule] of hits) {
    const state = await limiter.hit(key, rule);
    if (!state.blocked) continue;
    blocked = true;
    retryIn = Math.max(retryIn, state.retryIn);
  }
  if (blocked) throw new DomainError(code, 429, undefined, { details: { retry_in: retryIn } });
}
