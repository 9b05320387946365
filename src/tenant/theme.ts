import type { Colors } from '../contract/site-config.ts';
import { ensureContrast, mix, readableOn } from './contrast.ts';

/** Palette of the fallback build (no tenant): neutral dark. */
export const FALLBACK_COLORS: Colors = {
  primary: '#3b82f6',
  secondary: '#1e293b',
  background: '#0b1120',
  surface: '#131c31',
  text: '#f1f5f9',
  textMuted: '#94a3b8',
  accent: '#f59e0b',
  success: '#22c55e',
  danger: '#ef4444',
};

/**
 * The tenant palette as CSS custom properties for `:root`, emitted inline in
 * `<head>` so the first paint is in the tenant's colours without JavaScript.
 * Besides the nine configured colours (`--color-primary` … `--color-danger`)
 * it derives colours that are guaranteed readable:
 * `--color-on-primary` / `--color-on-accent` / `--color-on-danger` (text on
 * those fills), `--color-text`, `--color-text-muted`, `--color-link` and
 * `--color-danger-text` (≥ 4.5:1 on the background, the surface and the
 * raised surface), and
 * `--color-surface-2` / `--color-border` for layering.
 */
export function themeVariables(colors: Colors): Record<string, string> {
  const text = ensureContrast(colors.text, [colors.background, colors.surface], 7);
  const surface2 = mix(colors.surface, text, 0.06);
  // Derived texts sit on the page, on cards and on the raised surface (form messages, notices, inputs):
  // an error line on a login modal's message box must read as well as on the page.
  const grounds = [colors.background, colors.surface, surface2];
  return {
    '--color-primary': colors.primary,
    '--color-secondary': colors.secondary,
    '--color-background': colors.background,
    '--color-surface': colors.surface,
    '--color-text': text,
    '--color-text-muted': ensureContrast(colors.textMuted, grounds),
    '--color-accent': colors.accent,
    '--color-success': colors.success,
    '--color-danger': colors.danger,
    '--color-on-primary': readableOn(colors.primary),
    '--color-on-accent': readableOn(colors.accent),
    '--color-on-danger': readableOn(colors.danger),
    '--color-link': ensureContrast(colors.primary, grounds),
    '--color-accent-text': ensureContrast(colors.accent, grounds),
    '--color-danger-text': ensureContrast(colors.danger, grounds),
    '--color-surface-2': surface2,
    '--color-border': mix(colors.surface, text, 0.14),
  };
}

/** `:root{…}` CSS text for {@link themeVariables}; safe to inline (values are validated hex colours). */
export function themeCss(colors: Colors): string {
  // Every page of a build inlines the same palette: derive it once (issue 14, ~0.1 ms a page).
  const cached = themeCssCache.get(colors);
  if (cached !== undefined) return cached;
  const css = computeThemeCss(colors);
  themeCssCache.set(colors, css);
  return css;
}

const themeCssCache = new WeakMap<Colors, string>();

function computeThemeCss(colors: Colors): string {
  const body = Object.entries(themeVariables(colors))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const scheme = readableOn(colors.background) === '#ffffff' ? 'dark' : 'light';
  return `:root{${body};color-scheme:${scheme}}`;
}
