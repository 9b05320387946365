import { describe, expect, it } from 'vitest';
import { gameHref, rtpText, sameGame } from '../../../../src/lib/casino/format.ts';
import { fill } from '../../../../src/lib/casino/labels.ts';

describe('casino formatting', () => {
  it('shows RTP the Brazilian way in Portuguese, with a point in English, nothing when unknown', () => {
    expect(rtpText(9900, 'pt')).toBe('RTP 99,00\u00a0%');
    expect(rtpText(9650, 'en')).toBe('RTP 96.50\u00a0%');
    expect(rtpText(null, 'pt')).toBeNull();
  });

  it('links game pages per locale and compares codes ignoring case', () => {
    expect(gameHref('pt', { providercode: 'house', gamecode: 'dice' })).toBe('/casino/house/dice');
    expect(gameHref('en', { providercode: 'house', gamecode: 'dice' })).toBe('/en/casino/house/dice');
    expect(sameGame({ gamecode: 'Fortune-Tiger', providercode: 'PGSoft' }, 'fortune-tiger', 'pgsoft')).toBe(true);
    expect(sameGame({ gamecode: 'fortune-tiger', providercode: 'pgsoft' }, 'fortune-ox', 'pgsoft')).toBe(false);
  });

  it('fills label placeholders', () => {
    expect(fill('{{title}}: jogo', { title: 'Dice' })).toBe('Dice: jogo');
  });
});
