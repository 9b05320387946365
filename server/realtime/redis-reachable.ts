import { Redis } from 'ioredis';

/**
 * Whether Redis at `url` answers a PING within about a second. Never throws
 * and leaves no connection open: callers use it to skip the multi-node mode
 * (tests, benchmarks) when no Redis runs.
 */
export async function redisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
