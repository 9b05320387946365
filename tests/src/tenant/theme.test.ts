import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, readableOn } from '../../../src/tenant/contrast.ts';
import { FALLBACK_COLORS, themeCss, themeVariables } from '../../../src/tenant/theme.ts';
import type { Colors } from '../../../src/contract/site-config.ts';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('picks the readable ink for a fill', () => {
    expect(readableOn('#facc15')).toBe('#000000');
    expect(readableOn('#1e1b4b')).toBe('#ffffff');
  });

  it('keeps a colour that already passes and fixes one that does not', () => {
    expect(ensureContrast('#ffffff', ['#000000'])).toBe('#ffffff');
    const fixed = ensureContrast('#3a3a3a', ['#111111', '#1a1a1a']);
    expect(contrastRatio(fixed, '#111111')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed, '#1a1a1a')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('tenant theme', () => {
  /** An operator palette with poor choices: dark primary and muted text on a dark ground. */
  const careless: Colors = {
    primary: '#4c1d95',
    secondary: '#2e1065',
    background: '#0a0a0a',
    surface: '#171717',
    text: '#9ca3af',
    textMuted: '#404040',
    accent: '#7c2d12',
    success: '#166534',
    danger: '#7f1d1d',
  };

  it('emits the nine configured colours as custom properties', () => {
    const vars = themeVariables(FALLBACK_COLORS);
    for (const name of ['primary', 'secondary', 'background', 'surface', 'accent', 'success', 'danger']) {
      expect(vars[`--color-${name}`]).toBe(FALLBACK_COLORS[name as keyof Colors]);
    }
    expect(vars['--color-text-muted']).toBeDefined();
  });

  it('derives text colours readable on the tenant background, surface and raised surface', () => {
    // The demo's green tenant: its danger red was readable on the page but not on a form message's raised surface.
    for (const colours of [careless, { ...careless, background: '#0B1F14', surface: '#12301F', text: '#F4F7F2', textMuted: '#A9BFB1', danger: '#FF6B6B' }]) {
      const vars = themeVariables(colours);
      for (const name of ['--color-text', '--color-text-muted', '--color-link', '--color-danger-text', '--color-accent-text']) {
        for (const ground of [colours.background, colours.surface, vars['--color-surface-2']!]) {
          expect(contrastRatio(vars[name]!, ground), `${name} on ${ground}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
    const vars = themeVariables(careless);
    for (const name of ['--color-text', '--color-text-muted', '--color-link', '--color-danger-text', '--color-accent-text']) {
      for (const ground of [careless.background, careless.surface]) {
        expect(contrastRatio(vars[name]!, ground), `${name} on ${ground}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrastRatio(vars['--color-on-primary']!, careless.primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('renders a :root rule with a colour scheme matching the background', () => {
    expect(themeCss(careless)).toMatch(/^:root\{--color-primary:#4c1d95;.*color-scheme:dark\}$/);
    expect(themeCss({ ...careless, background: '#ffffff', surface: '#f5f5f5', text: '#111111' })).toMatch(
      /color-scheme:light\}$/,
    );
  });
});
