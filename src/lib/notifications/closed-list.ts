import { safeStorage } from '../storage.ts';

/**
 * The closed-notification list of spec section 3, kept in local storage
 * (key `closed_notifications`, a JSON array of ids): notifications the
 * player removed from the panel on this device. The newest 200 are kept.
 * Blocked storage is no error: the list then lives for the page only.
 */
export const CLOSED_NOTIFICATIONS_KEY = 'closed_notifications';
export const CLOSED_NOTIFICATIONS_MAX = 200;

/** The ids closed on this device (invalid stored values read as none). */
export function readClosedIds(): number[] {
  const raw = safeStorage.getItem(CLOSED_NOTIFICATIONS_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Stores `ids` (the newest last), trimmed to the newest 200. */
export function writeClosedIds(ids: readonly number[]): number[] {
  const kept = ids.slice(-CLOSED_NOTIFICATIONS_MAX);
  safeStorage.setItem(CLOSED_NOTIFICATIONS_KEY, JSON.stringify(kept));
  return kept;
}
