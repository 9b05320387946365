import { LIMIT_RAISE_DELAY_MS } from '../../../src/contract/responsible-gaming.ts';
import type { StoredLimit } from './schema.ts';

/**
 * The limit as it stands at `now`: a waiting raise or removal whose cooling
 * period has passed is in force (and no longer waiting).
 */
export function limitAt(stored: StoredLimit | undefined, now: Date): StoredLimit {
  if (!stored) return { value: null, pending: null };
  const pending = stored.pending ?? null;
  if (pending && new Date(pending.from).getTime() <= now.getTime()) return { value: pending.value, pending: null };
  return { value: stored.value, pending };
}

/**
 * The limit after the player asks for `next` (null = no limit) at `now`:
 * a new or lower limit applies at once (and drops a waiting raise); a higher
 * one or a removal waits 24 hours, the value in force staying until then
 * (asking again restarts the wait); asking for the value in force cancels a
 * waiting change.
 */
export function changeLimit(stored: StoredLimit | undefined, next: number | null, now: Date): StoredLimit {
  const current = limitAt(stored, now);
  if (next === current.value) return { value: current.value, pending: null };
  if (next !== null && (current.value === null || next < current.value)) return { value: next, pending: null };
  return { value: current.value, pending: { value: next, from: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS).toISOString() } };
}
