import type { StorageLike } from '../storage.ts';

/**
 * The closed-notification list of spec section 3, kept in local storage
 * (key `closed_notifications`, a JSON array of ids): notifications the
 * player removed from the panel on this device. The newest 200 are kept.
 * Blocked storage is no error: the list then lives for the page only.
 */
export const CLOSED_NOTIFICATIONS_KEY = 'closed_notifications';
export const CLOSED_NOTIFICATIONS_MAX = 200;

let memory: number[] = [];

function storage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The ids closed on this device (invalid stored values read as none). */
export function readClosedIds(): number[] {
  try {
    const raw = storage()?.getItem(CLOSED_NOTIFICATIONS_KEY);
    if (raw == null) return [...memory];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [...memory];
  }
}

/** Stores `ids` (the newest last), trimmed to the newest 200. */
export function writeClosedIds(ids: readonly number[]): number[] {
  const kept = ids.slice(-CLOSED_NOTIFICATIONS_MAX);
  memory = kept;
  try {
    storage()?.setItem(CLOSED_NOTIFICATIONS_KEY, JSON.stringify(kept));
  } catch {
    // Quota or blocked storage: the in-memory copy serves this page.
  }
  return kept;
}
