/**
 * WCAG 2 colour arithmetic on `#rrggbb` strings, used at build time so that
 * whatever colours an operator picks, text stays readable (axe colour-contrast).
 */

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function format([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` moved `amount` (0..1) of the way towards `b`. */
export function mix(a: string, b: string, amount: number): string {
  const pa = parse(a);
  const pb = parse(b);
  return format(pa.map((c, i) => c + (pb[i]! - c) * amount) as Rgb);
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/**
 * `foreground` itself when it reaches `min` contrast on every background,
 * otherwise the smallest step (5 %) towards black or white that does. Keeps
 * the operator's hue where possible instead of replacing it outright.
 */
export function ensureContrast(foreground: string, backgrounds: string[], min = 4.5): string {
  const passes = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min);
  if (passes(foreground)) return foreground;
  const darkest = backgrounds.reduce((d, bg) => (luminance(bg) < luminance(d) ? bg : d));
  const target = readableOn(darkest);
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mix(foreground, target, step / 20);
    if (passes(candidate)) return candidate;
  }
  return target;
}
