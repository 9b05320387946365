import type { Locale } from '../../contract/tenant-bundle.ts';

/**
 * What the sports page needs of the platform and the session, without the
 * site's API client, session store or Nanostores: any module the header's
 * scripts share, imported from the sports page, makes the bundler split
 * the header's chunks again and every page would load more JavaScript
 * (measured: +2 requests, +270 bytes compressed on the home page). So these
 * few lines read the same local storage keys (spec section 3: `auth`,
 * `user`, `lmcp`) and the page's `#tenant-runtime`, and follow the session
 * through the header's `html[data-session]` mirror of the session store.
 */

/** The logged-in player's bearer token, as the session store reads it (a token and a stored user), else null. */
export function playerToken(storage: Pick<Storage, 'getItem'> | null = safeStorage()): string | null {
  const token = storage?.getItem('auth');
  return token && storage?.getItem('user') ? token : null;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The API base of the page's `#tenant-runtime` (`/api` when unreadable), without a trailing slash. */
export function apiBase(doc: Document = document): string {
  try {
    const runtime: unknown = JSON.parse(doc.getElementById('tenant-runtime')?.textContent ?? '');
    const url = typeof runtime === 'object' && runtime !== null ? (runtime as { apiUrl?: unknown }).apiUrl : undefined;
    if (typeof url === 'string' && url) return url.replace(/\/+$/, '');
  } catch {
    // fall through to the default
  }
  return '/api';
}

/** A refused launch: `status` 401 (session gone), 403 (barred: `message` in the player's language), 404 (no sportsbook). */
export class LaunchRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'LaunchRefusal';
    this.status = status;
  }
}

/**
 * `POST {api}/games/launch/sport { lang }` for the signed-in player: the
 * `gameUrl` of the answer (`/widgetbetby#token=…`). Throws LaunchRefusal
 * for a 4xx answer, a TypeError when nothing answered.
 */
export async function requestLaunch(token: string, locale: Locale, lang: string): Promise<string> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': locale === 'en' ? 'en-US' : 'pt-BR',
  };
  const lmcp = safeStorage()?.getItem('lmcp');
  if (lmcp) headers.lmcp = lmcp;
  const response = await fetch(`${apiBase()}/games/launch/sport`, { method: 'POST', headers, body: JSON.stringify({ lang }) });
  const body: unknown = await response.json().catch(() => null);
  const field = (name: string): unknown => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined);
  if (!response.ok) {
    const message = field('message');
    throw new LaunchRefusal(response.status, typeof message === 'string' ? message : '');
  }
  const gameUrl = field('gameUrl');
  if (typeof gameUrl !== 'string') throw new LaunchRefusal(response.status, '');
  return gameUrl;
}

/**
 * Calls `onChange` whenever the session may have changed: the header's
 * `html[data-session]` (guest ↔ user, set from the session store) and other
 * tabs' storage writes. Returns the undo.
 */
export function watchSession(onChange: () => void, doc: Document = document): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-session'] });
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'auth' || event.key === 'user') onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener('storage', onStorage);
  };
}

/** A readable value with subscribers (the sports page's state), Nanostores-shaped: `get`, `set`, `subscribe`, `listen`. */
export interface Observable<T> {
  get(): T;
  set(value: T): void;
  /** Calls `fn` now and on every change; returns the unsubscribe. */
  subscribe(fn: (value: T) => void): () => void;
  /** Calls `fn` on every change; returns the unsubscribe. */
  listen(fn: (value: T) => void): () => void;
}

export function observable<T>(initial: T): Observable<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  const listen = (fn: (value: T) => void) => {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  };
  return {
    get: () => current,
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const fn of [...listeners]) fn(value);
    },
    subscribe(fn) {
      fn(current);
      return listen(fn);
    },
    listen,
  };
}
