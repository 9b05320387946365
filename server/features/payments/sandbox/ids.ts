import { randomBytes } from 'node:crypto';

/** ISPB (8 digits) the sandbox uses as the paying institution in endToEndIds. */
const SANDBOX_ISPB = '99999999';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `n` random letters/digits. */
export function randomAlnum(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return out;
}

/** A 32-character endToEndId: E + ISPB + yyyyMMddHHmm (UTC) + 11 random characters, as the SPI forms them. */
export function newEndToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E${SANDBOX_ISPB}${stamp}${randomAlnum(11)}`;
}
