/**
 * Limits that keep one client from hurting the others. Each refusal carries
 * the Pusher protocol's code (see errors.ts) and leaves every other
 * connection untouched.
 */
export interface RealtimeLimits {
  /** Largest client frame in bytes (spec: 10 KB); bigger ones get 4301 and are dropped. */
  messageBytes: number;
  /** `client-` events one connection may send per second (Pusher: 10); more get 4301. */
  clientEventsPerSecond: number;
  /** Channels one connection may be subscribed to at once; more are refused with 4100. */
  channelsPerConnection: number;
  /**
   * Users in one presence channel across all nodes; more are refused with
   * 4100. Pusher's hosted service stops at 100, but the spec has every
   * visitor and player join the tenant's presence twin, so the default is
   * 10,000: each join still costs a `member_added` to every member, which
   * bounds it.
   */
  presenceMembers: number;
  /** New connections per second from one IP address; more are closed with 4100. */
  connectionsPerIpPerSecond: number;
}

export const DEFAULT_LIMITS: Readonly<RealtimeLimits> = {
  messageBytes: 10_240,
  clientEventsPerSecond: 10,
  channelsPerConnection: 100,
  presenceMembers: 10_000,
  connectionsPerIpPerSecond: 50,
};

/**
 * Counts events per key in fixed one-second windows. Keys whose window has
 * passed are forgotten at the next window turn, so the map stays as small as
 * the set of keys active in the last second.
 */
export class PerSecondCounter {
  private readonly counts = new Map<string, number>();
  private window = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts one event for `key`; false when that makes more than the limit this second. */
  allow(key: string, now = Date.now()): boolean {
    const window = Math.floor(now / 1000);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }
}
