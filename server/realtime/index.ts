/** The realtime server's public surface; other parts import from here. */
export { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './server.ts';
export { authorizeChannel, authenticateUser } from './signature.ts';
export { broadcastingRoutes, type BroadcastingRoutesOptions } from './broadcasting-routes.ts';
export { channelPolicy, actorId } from './channel-policy.ts';
export type { RealtimeAdapter, BroadcastMessage, AdapterNode, PresenceJoin } from './adapter.ts';
export { DEFAULT_LIMITS, type RealtimeLimits } from './limits.ts';
export { createLocalAdapter } from './local-adapter.ts';
export { createRedisAdapter, type RedisAdapterOptions } from './redis-adapter.ts';
export { redisReachable } from './redis-reachable.ts';
