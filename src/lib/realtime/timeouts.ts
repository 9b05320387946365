/**
 * Spec section 9, realtime: activity timeout 120000 ms, pong 30000 ms,
 * unavailable 10000 ms — passed to pusher-js explicitly. The other figures of
 * that line (transport timeout 15 s doubling to 60 s, retry 1 s, transport
 * cache 30 min) are pusher-js's own connection strategy
 * (`runtimes/isomorphic/default_strategy.ts`: timeout 15000, timeoutLimit 60000, ttl
 * 1800000) and have no options; the pinned pusher-js version keeps them.
 */
export const REALTIME_TIMEOUTS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const;
