import { describe, expect, it } from 'vitest';
import { t } from '../../../../src/i18n/index.ts';
import { casinoLabels, gamesCountText } from '../../../../src/lib/casino/labels.ts';

describe('gamesCountText', () => {
  it('fills the count into the singular or plural label of the language', () => {
    const pt = casinoLabels('pt', t);
    const en = casinoLabels('en', t);
    expect(gamesCountText(pt, 'pt', 1)).toBe('1 jogo');
    expect(gamesCountText(pt, 'pt', 3)).toBe('3 jogos');
    // CLDR's Portuguese counts 0 as singular ("0 jogo"): an empty filter says so in words instead.
    expect(gamesCountText(pt, 'pt', 0)).toBe('Nenhum jogo');
    expect(gamesCountText(en, 'en', 0)).toBe('No games');
    expect(gamesCountText(en, 'en', 1)).toBe('1 game');
    expect(gamesCountText(en, 'en', 40)).toBe('40 games');
  });
});
