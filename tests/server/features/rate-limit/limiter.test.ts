import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbRateLimiter } from '../../../../server/features/rate-limit/limiter.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { testClock } from '../auth/helpers.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await freshDatabase();
});
afterAll(() => tdb.close());

describe('DB rate limiter', () => {
  it('allows `limit` hits, refuses the next ones for a full window from the hit that reached the limit', async () => {
    const clock = testClock();
    const limiter = createDbRateLimiter(tdb.handle.db, clock.now);
    const rule = { limit: 3, windowSeconds: 60 };
    const first = await limiter.hit('k1', rule);
    expect(first).toEqual({ count: 1, blocked: false, retryIn: 60 });
    clock.advance(50_000);
    await limiter.hit('k1', rule);
    expect(await limiter.peek('k1', rule)).toMatchObject({ count: 2, blocked: false });
    const third = await limiter.hit('k1', rule);
    expect(third).toEqual({ count: 3, blocked: false, retryIn: 60 });
    expect(await limiter.peek('k1', rule)).toMatchObject({ blocked: true, retryIn: 60 });
    expect(await limiter.hit('k1', rule)).toMatchObject({ count: 4, blocked: true });
    clock.advance(60_000);
    expect(await limiter.hit('k1', rule)).toEqual({ count: 1, blocked: false, retryIn: 60 });
  });

  it('is shared by several limiter instances (nodes) and counts concurrent hits exactly', async () => {
    const clock = testClock();
    const nodes = [createDbRateLimiter(tdb.handle.db, clock.now), createDbRateLimiter(tdb.handle.db, clock.now)];
    const rule = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => nodes[i % 2]!.hit('shared', rule)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => !r.blocked)).toHaveLength(10);
  });

  it('reset forgets a key; keys are independent', async () => {
    const limiter = createDbRateLimiter(tdb.handle.db);
    const rule = { limit: 1, windowSeconds: 60 };
    await limiter.hit('a', rule);
    expect(await limiter.peek('a', rule)).toMatchObject({ blocked: true });
    expect(await limiter.peek('b', rule)).toEqual({ count: 0, blocked: false, retryIn: 0 });
    await limiter.reset('a');
    expect(await limiter.peek('a', rule)).toEqual({ count: 0, blocked: false, retryIn: 0 });
  });
});
