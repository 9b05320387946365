import { randomAlnum } from '../random-id.ts';

/** ISPB (8 digits) the sandbox uses as the paying institution in endToEndIds. */
const SANDBOX_ISPB = '99999999';
/** A 32-character endToEndId: E + ISPB + yyyyMMddHHmm (UTC) + 11 random characters, as the SPI forms them. */
export function newEndToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E${SANDBOX_ISPB}${stamp}${randomAlnum(11)}`;
}
