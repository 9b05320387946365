import type { SiteConfig } from '../../../../src/contract/site-config.ts';
import { foldAscii } from './brcode.ts';

/** EMV limits of the BR Code's Merchant Name (59) and Merchant City (60), as Banco Central's Pix manual profiles them. */
export const RECEIVER_NAME_MAX = 25;
export const RECEIVER_CITY_MAX = 15;

/** Who receives a tenant's Pix, as written in fields 59 and 60 of its BR Codes. */
export interface PixReceiver {
  /** Upper-case ASCII, 1 to 25 characters. */
  name: string;
  /** Upper-case ASCII, 1 to 15 characters. */
  city: string;
}

/**
 * `text` as a BR Code receiver field: accents folded ("Ipê" → "IPE"),
 * upper-case printable ASCII, and cut to `max` at the last whole word that
 * fits (a single word longer than `max` is cut at `max`). Empty when nothing
 * printable is left.
 */
export function receiverField(text: string, max: number): string {
  const folded = foldAscii(text, Number.MAX_SAFE_INTEGER).toUpperCase();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : folded.slice(0, max)).trim();
}

/**
 * The receiver of a tenant's charges: its legal name and the city of its
 * seat (`legalCity`), `fallback` (PIX_MERCHANT_NAME / PIX_MERCHANT_CITY) for
 * whichever is missing or folds to nothing.
 */
export function pixReceiver(config: Pick<SiteConfig, 'legalName' | 'legalCity'>, fallback: { name: string; city: string }): PixReceiver {
  return {
    name: receiverField(config.legalName, RECEIVER_NAME_MAX) || receiverField(fallback.name, RECEIVER_NAME_MAX),
    city: receiverField(config.legalCity ?? '', RECEIVER_CITY_MAX) || receiverField(fallback.city, RECEIVER_CITY_MAX),
  };
}
