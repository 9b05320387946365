import type { Locale } from '../contract/tenant-bundle.ts';

/**
 * Mystery boxes' display helpers (issue 19), shared by the pre-rendered
 * pages (`/casino/crates`, `/casino/box/{slug}`), the buy script and the
 * account islands. Display only: the platform computes every figure.
 */

/** Parts per million of a whole: the unit the platform publishes prize probabilities in. */
export const PPM = 1_000_000;

const percentFormatters = new Map<Locale, Intl.NumberFormat>();

/**
 * A published probability (ppm) as a percentage for people, exact to the
 * ppm: 125 000 → `12,5%` (pt) / `12.5%` (en), 1 → `0,0001%`, 1 000 000 → `100%`.
 */
export function formatProbability(ppm: number, locale: Locale): string {
  let formatter = percentFormatters.get(locale);
  if (!formatter) {
    // ppm / 10 000 is a percentage with at most four decimals.
    formatter = new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });
    percentFormatters.set(locale, formatter);
  }
  return `${formatter.format(ppm / 10_000)}%`;
}

/** Locale-neutral path of a box's page. */
export function boxPath(slug: string): string {
  return `/casino/box/${slug}`;
}

/** The spine colours a box may be drawn in (the tenant's `spineBox` keys). */
export const SPINE_COLOURS = ['red', 'blue', 'pink', 'black', 'green', 'yellow'] as const;
export type SpineColour = (typeof SPINE_COLOURS)[number];

/**
 * The hex colour of a box's `color` in the tenant's `spineBox` palette; an
 * unknown key falls back to the palette's red (the platform validates keys).
 */
export function spineHex(palette: Record<SpineColour, string>, colour: string): string {
  return (SPINE_COLOURS as readonly string[]).includes(colour) ? palette[colour as SpineColour] : palette.red;
}

/**
 * Black or white, whichever reads better on `hex` (relative luminance, WCAG):
 * the box art's label and the opening animation's text sit on the spine colour.
 */
export function inkOn(hex: string): '#000000' | '#ffffff' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return '#ffffff';
  const n = parseInt(m[1]!, 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05).
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** One prize's tickets in a draw: `from` ≤ ticket < `to` (of 0 … 999 999). */
export interface TicketRange {
  prize_id: number;
  from: number;
  to: number;
}

/**
 * The box draw recomputed in the browser (issue 19, docs/boxes.md "Provably
 * fair draw"), trusting nothing the platform computed: the first 4 bytes of
 * HMAC-SHA256(key = server seed, message = `${client_seed}:${nonce}`) read
 * big-endian as `u`, the ticket ⌊u × 1 000 000 / 2³²⌋, and the prize whose
 * published range holds it (null when none does).
 */
export async function recomputeBoxDraw(
  seeds: { server_seed: string; client_seed: string; nonce: number },
  ranges: readonly TicketRange[],
): Promise<{ ticket: number; prize_id: number | null }> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(seeds.server_seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${seeds.client_seed}:${seeds.nonce}`)));
  const ticket = Math.floor((mac.getUint32(0) * PPM) / 2 ** 32);
  const range = ranges.find((r) => ticket >= r.from && ticket < r.to);
  return { ticket, prize_id: range?.prize_id ?? null };
}
