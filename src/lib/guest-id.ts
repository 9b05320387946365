import { readStored, writeStored } from './storage.ts';

/** Prefix of every guest id (spec section 3: "'guest-' plus a random string"). */
export const GUEST_PREFIX = 'guest-';

/** `guest-` + 32 hex characters (128 random bits from the platform CSPRNG). */
export function createGuestId(fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => void crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return GUEST_PREFIX + hex;
}

/** True for ids this module creates (and the older, shorter random forms with the same prefix). */
export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && /^guest-[0-9a-z]{16,64}$/.test(value);
}

/** Returns the stored guest id, creating and storing one on the first call ever. */
export function ensureGuestId(): string {
  const stored = readStored('guest_id');
  if (isGuestId(stored)) return stored;
  const id = createGuestId();
  writeStored('guest_id', id);
  return id;
}
