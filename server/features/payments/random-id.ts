import { randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `n` random letters/digits: Pix txids, refund ids and the like (the standard's ids are alphanumeric). */
export function randomAlnum(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}
