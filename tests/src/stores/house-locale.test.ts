// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The play page's typed defaults follow the page's language: "1,00" / "2,00" in Portuguese, "1.00" / "2.00" in English. */

beforeEach(() => vi.resetModules());
afterEach(() => delete document.documentElement.dataset.locale);

describe('stake and limbo target as typed', () => {
  it('reads English style on an English page, and ½ / 2× keep it', async () => {
    document.documentElement.dataset.locale = 'en';
    const s = await import('../../../src/stores/house.ts');
    const stop = [s.$amountText.listen(() => {}), s.$limboText.listen(() => {})];
    expect(s.$amountText.get()).toBe('1.00');
    expect(s.$limboText.get()).toBe('2.00');
    s.scaleAmount(2);
    expect(s.$amountText.get()).toBe('2.00');
    s.setLimboText(s.$limboText.get());
    expect(s.$limboTarget.get()).toBe(s.DEFAULT_LIMBO_TARGET);
    for (const off of stop) off();
  });

  it('stays Brazilian style on a Portuguese page', async () => {
    document.documentElement.dataset.locale = 'pt';
    const s = await import('../../../src/stores/house.ts');
    const off = s.$amountText.listen(() => {});
    expect(s.$amountText.get()).toBe('1,00');
    s.scaleAmount(2);
    expect(s.$amountText.get()).toBe('2,00');
    off();
  });
});
