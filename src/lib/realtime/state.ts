import { atom } from 'nanostores';

/**
 * The realtime connection's state, as pusher-js names it (spec section 4:
 * initialized, connecting, connected, unavailable, failed, disconnected).
 * `initialized` until the realtime client is first loaded. It lives with the
 * client (`connection.ts`) that writes it, so lib/ never reaches up into
 * stores/ (issue 14's import direction).
 */
export type RealtimeState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

export const REALTIME_STATES: readonly RealtimeState[] = ['initialized', 'connecting', 'connected', 'unavailable', 'failed', 'disconnected'];

export const $realtimeState = atom<RealtimeState>('initialized');

/** Stores a state reported by pusher-js; anything else is ignored. */
export function setRealtimeState(state: string): void {
  if ((REALTIME_STATES as readonly string[]).includes(state)) $realtimeState.set(state as RealtimeState);
}

/** Whether the player should be told live updates are not arriving (pusher-js retries meanwhile). */
export function realtimeDegraded(state: RealtimeState): boolean {
  return state === 'unavailable' || state === 'failed';
}

/**
 * How many actors (players and visitors) are on the tenant's presence
 * channel, as last reported; null until the channel is joined.
 */
export const $onlineCount = atom<number | null>(null);
