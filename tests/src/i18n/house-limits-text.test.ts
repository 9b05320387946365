import { describe, expect, it } from 'vitest';
import { HOUSE_MAX_BET, HOUSE_MIN_BET } from '../../../src/contract/house.ts';
import en from '../../../src/i18n/en-US.json' with { type: 'json' };
import pt from '../../../src/i18n/pt-BR.json' with { type: 'json' };
import { formatBRL } from '../../../src/lib/money-format.ts';

/** The platform's refusals name the bet limits in words: they must say the limits the contract enforces. */
describe('house bet limit messages', () => {
  const plain = (text: string) => text.replace(/\s/g, ' ');
  it('state the contract limits in both languages', () => {
    expect(plain(pt.houseApi.amountMin)).toContain(plain(formatBRL(HOUSE_MIN_BET, 'pt')));
    expect(plain(pt.houseApi.amountMax)).toContain(plain(formatBRL(HOUSE_MAX_BET, 'pt')));
    expect(plain(en.houseApi.amountMin).replace('R$ ', 'R$')).toContain(formatBRL(HOUSE_MIN_BET, 'en'));
    expect(plain(en.houseApi.amountMax).replace('R$ ', 'R$')).toContain(formatBRL(HOUSE_MAX_BET, 'en'));
  });
});
