import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets (bearer tokens, operator API keys) are stored only as their sha256
 * hex digest: a leaked table gives no usable credential, and lookup by digest
 * stays a single indexed equality.
 */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A fresh random secret, URL-safe, with 256 bits of entropy. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
