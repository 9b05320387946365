/**
 * "Chunk load errors reload the page once per path within 10 s" (spec
 * section 4). A reload is allowed when this path has not been reloaded for
 * that reason in the last 10 s; the time is kept in sessionStorage so it
 * survives the reload itself.
 */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Returns true (and records `now`) when a reload of `path` is allowed.
 * Without working storage it returns false: a reload that cannot be recorded
 * could loop forever.
 */
export function claimReload(store: SessionStore, path: string, now: number, windowMs = CHUNK_RELOAD_WINDOW_MS): boolean {
  try {
    const key = KEY_PREFIX + path;
    const last = Number(store.getItem(key));
    if (Number.isFinite(last) && last > 0 && now - last < windowMs) return false;
    store.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk .* failed/i;

/** Recognises failed dynamic imports across Chromium, Firefox, Safari and Vite's preload helper. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!(reason instanceof Error) && (typeof reason !== 'object' || reason === null)) return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR.test(message);
}
