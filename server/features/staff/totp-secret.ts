import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (staff_users.totp_secret): AES-256-GCM under
 * STAFF_TOTP_KEY, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url, 96-bit
 * random IV, 128-bit tag). A value without the `v1:` prefix is a plain base32
 * secret written before encryption; it is still read, and the code step
 * seals it at the next successful sign-in.
 */

/** AES-256: the key is 32 bytes. */
export const TOTP_KEY_BYTES = 32;
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1';
const BASE32 = /^[A-Z2-7]+=*$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a stored value holds: a sealed secret, a plain one from before sealing, or nothing usable (tampered, other key). */
export type StoredTotpSecret = { status: 'sealed'; secret: string } | { status: 'legacy'; secret: string } | { status: 'unreadable' };

/**
 * The key of STAFF_TOTP_KEY: exactly 64 hex digits (32 bytes).
 * @throws Error when `hex` is anything else.
 */
export function parseTotpKey(hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`a TOTP key is ${TOTP_KEY_BYTES * 2} hex digits`);
  return Buffer.from(hex, 'hex');
}

function assertKey(key: Buffer): void {
  if (key.length !== TOTP_KEY_BYTES) throw new Error(`the TOTP key must be ${TOTP_KEY_BYTES} bytes`);
}

/** `secret` (base32) sealed under `key`, with a fresh IV: the same secret seals differently each time. */
export function sealTotpSecret(secret: string, key: Buffer): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [PREFIX, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join(':');
}

/**
 * Reads a stored value. Never throws on what the database holds: a value
 * altered, truncated, sealed under another key or of an unknown version is
 * `unreadable`, and the caller refuses the sign-in (fails closed).
 */
export function readTotpSecret(stored: string, key: Buffer): StoredTotpSecret {
  assertKey(key);
  if (!stored.includes(':')) return BASE32.test(stored) ? { status: 'legacy', secret: stored } : { status: 'unreadable' };
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== PREFIX || !parts.slice(1).every((part) => BASE64URL.test(part))) return { status: 'unreadable' };
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  // Only the encoding sealTotpSecret writes: the decoder would also take variants (spare trailing bits), and then an edited value could still open.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || [iv, tag, ciphertext].some((bytes, i) => bytes.toString('base64url') !== parts[i + 1])) return { status: 'unreadable' };
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    const secret = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    return BASE32.test(secret) ? { status: 'sealed', secret } : { status: 'unreadable' };
  } catch {
    return { status: 'unreadable' };
  }
}
