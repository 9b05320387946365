import { parseSessionUser, type SessionUser } from './session-user.ts';

/**
 * Typed access to the local storage keys of spec section 3. Every operation is
 * safe when storage is unavailable (private mode, blocked cookies, quota):
 * values then live in memory for the page's lifetime, so the visitor keeps a
 * stable guest id and referral code at least until the next full load.
 */
export interface StoredValues {
  /** Bearer token of the logged-in player. */
  auth: string;
  user: SessionUser;
  guest_id: string;
  /** Referral code captured from `?ref=`. */
  ref: string;
  /** Marketing parameter captured from `?lmcp=`, sent as a header on every call. */
  lmcp: string;
  userCountryCode: string;
  userCallingCode: string;
  ageVerified: boolean;
}

export type StorageKey = keyof StoredValues;

/** The subset of the Web Storage API this module needs (lets tests pass a fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memory = new Map<string, string>();
const memoryStorage: StorageLike = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

let override: StorageLike | undefined;

/** Replaces the backing storage (tests); pass undefined to restore the default. */
export function useStorageBackend(storage: StorageLike | undefined): void {
  override = storage;
}

function backend(): StorageLike {
  if (override) return override;
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Accessing localStorage throws a SecurityError when storage is blocked.
  }
  return memoryStorage;
}

/**
 * The page's storage for keys of other features (push prompt times, the
 * closed-notification list): never throws; a blocked read or refused write
 * falls back to memory for the page's lifetime, like the typed keys below.
 */
export const safeStorage: StorageLike = {
  getItem(key) {
    try {
      return backend().getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  setItem(key, value) {
    try {
      backend().setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  removeItem(key) {
    memory.delete(key);
    try {
      backend().removeItem(key);
    } catch {
      // Nothing stored there to remove.
    }
  },
};

function decode<K extends StorageKey>(key: K, raw: string): StoredValues[K] | null {
  switch (key) {
    case 'user': {
      try {
        return parseSessionUser(JSON.parse(raw)) as StoredValues[K] | null;
      } catch {
        return null;
      }
    }
    case 'ageVerified':
      return (raw === 'true') as StoredValues[K];
    default:
      return raw as StoredValues[K];
  }
}

function encode(value: StoredValues[StorageKey]): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Returns the stored value, or null when absent, unreadable or malformed. */
export function readStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = safeStorage.getItem(key);
  return raw === null ? null : decode(key, raw);
}

/** Stores a value; falls back to memory when the storage refuses the write. */
export function writeStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  safeStorage.setItem(key, encode(value));
}

/** Removes a value from storage (and from the in-memory fallback). */
export function removeStored(key: StorageKey): void {
  safeStorage.removeItem(key);
}
