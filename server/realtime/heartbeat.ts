import { frame } from './codec.ts';
import type { Connection } from './connection.ts';
import { PusherError, PusherErrorCode } from './errors.ts';

export interface HeartbeatLimits {
  /** Silence (ms) after which the server sends `pusher:ping`. */
  activityMs: number;
  /** Time (ms) the client has to answer that ping before it is closed with 4201. */
  pongMs: number;
}

/**
 * One pass over the connections: pings the idle ones, closes those that did
 * not answer a ping in time. Pure apart from the frames it sends, so tests
 * can drive it with their own clock.
 */
export function sweep(connections: Iterable<Connection>, limits: HeartbeatLimits, now = Date.now()): void {
  for (const connection of connections) {
    if (connection.pingSentAt !== null) {
      if (now - connection.pingSentAt >= limits.pongMs) {
        connection.fail(new PusherError(PusherErrorCode.pongNotReceived, 'Pong reply not received', true));
      }
    } else if (now - connection.lastActivity >= limits.activityMs) {
      connection.send(frame('pusher:ping', {}));
      connection.pingSentAt = now;
    }
  }
}

/** Runs {@link sweep} periodically; returns the function that stops it. */
export function startHeartbeat(connections: () => Iterable<Connection>, limits: HeartbeatLimits): () => void {
  const period = Math.max(100, Math.min(limits.activityMs, limits.pongMs) / 4);
  const timer = setInterval(() => sweep(connections(), limits), period);
  timer.unref();
  return () => clearInterval(timer);
}
