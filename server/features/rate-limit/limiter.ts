import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { rateLimits } from './schema.ts';

/**
 * At most `limit` hits per key per window. The hit that reaches the limit
 * restarts the window, so once the limit is reached the key stays blocked
 * for a full `windowSeconds` (e.g. the 5th failed login locks for 15 minutes).
 */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateState {
  /** Hits counted in the current window (after this hit, for `hit`). */
  count: number;
  /**
   * `hit`: this hit is over the limit (refuse it). `peek`: the limit is
   * reached, so the next hit would be refused.
   */
  blocked: boolean;
  /** Whole seconds until the window ends (0 when no window is running). */
  retryIn: number;
}

/**
 * Counters keyed by strings such as `login-fail:{tenant}:{phone}`. The
 * implementation must be shared by every platform node (the DB-backed one is).
 */
export interface RateLimiter {
  /** Counts one hit and tells whether the key is now blocked. */
  hit(key: string, rule: RateRule): Promise<RateState>;
  /** Reads the state without counting. */
  peek(key: string, rule: RateRule): Promise<RateState>;
  /** Forgets a key (e.g. failed logins after a successful one). */
  reset(key: string): Promise<void>;
}

function state(count: number, resetAt: Date, rule: RateRule, now: Date, counted: boolean): RateState {
  const live = resetAt.getTime() > now.getTime();
  const blocked = live && (counted ? count > rule.limit : count >= rule.limit);
  return { count: live ? count : 0, blocked, retryIn: live ? Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) : 0 };
}

/**
 * A limiter on the `rate_limits` table: one upsert per hit, atomic across
 * nodes (PostgreSQL row lock on the key). A window starts at the first hit;
 * the hit that reaches the limit restarts it, so a lockout lasts a full
 * window (e.g. 5 failed logins → 15 minutes). Expired rows are swept now and
 * then.
 */
export function createDbRateLimiter(db: Db, now: () => Date = () => new Date()): RateLimiter {
  let hitsSinceSweep = 0;
  return {
    async hit(key, rule) {
      const at = now();
      const windowEnd = new Date(at.getTime() + rule.windowSeconds * 1000);
      const expired = sql`${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${expired} or ${rateLimits.count} + 1 = ${rule.limit} then ${windowEnd.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (++hitsSinceSweep >= 500) {
        hitsSinceSweep = 0;
        await db.delete(rateLimits).where(lt(rateLimits.resetAt, at));
      }
      if (!row) throw new Error('rate limit upsert returned no row');
      return state(row.count, row.resetAt, rule, at, true);
    },
    async peek(key, rule) {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
      return row ? state(row.count, row.resetAt, rule, now(), false) : { count: 0, blocked: false, retryIn: 0 };
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
