import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard), encoded with its parameters so
 * the cost can be raised later without breaking stored hashes:
 * `scrypt$<logN>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */

export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A fresh salted hash of `password` with `params` (r=8, p=1 and logN 15 by default). */
export async function hashPassword(password: string, params: ScryptParams = { logN: 15, r: 8, p: 1 }): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(encoded: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { params: { logN, r, p }, salt: Buffer.from(parts[4] ?? '', 'base64url'), key: Buffer.from(parts[5] ?? '', 'base64url') };
}

/** Whether `password` matches `encoded`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than `params` (re-hash it at the next successful login). */
export function needsRehash(encoded: string, params: ScryptParams): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.params.logN < params.logN || parsed.params.r < params.r || parsed.params.p < params.p;
}

/**
 * A hasher bound to the configured cost, with a dummy hash for unknown users:
 * `check(password, null)` costs the same as a real check and returns false,
 * so response time does not reveal whether an account exists.
 */
export function createPasswordHasher(params: ScryptParams) {
  let dummy: Promise<string> | null = null;
  return {
    params,
    hash: (password: string) => hashPassword(password, params),
    async check(password: string, encoded: string | null): Promise<boolean> {
      if (encoded) return verifyPassword(password, encoded);
      dummy ??= hashPassword(randomBytes(16).toString('hex'), params);
      await verifyPassword(password, await dummy);
      return false;
    },
    needsRehash: (encoded: string) => needsRehash(encoded, params),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
