import { createHash, randomBytes } from 'node:crypto';

/** A fresh server seed: 32 random bytes as 64 hex characters. The seed decides outcomes, so it comes from the CSPRNG and nothing else. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown before play: SHA-256 of the seed STRING (its hex characters as UTF-8), hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The client seed a new actor starts with (they may change it): 10 random bytes, hex. */
export function newClientSeed(): string {
  return randomBytes(10).toString('hex');
}

/** Client seeds are 1–64 printable ASCII characters (space through tilde). */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;
