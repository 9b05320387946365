import { describe, expect, it } from 'vitest';
import { formatMoney, formatMultiplier, formatRtp, parseHundredths } from '../../../../../../../server/features/casino/aggregators/sandbox/page/format.ts';
import { formatBRL } from '../../../../../../../src/lib/money-format.ts';

describe('sandbox page formats', () => {
  it('writes money exactly as the platform header does, in both languages', () => {
    for (const centavos of [0, 50, 5156, 100_000, 123_456_789]) {
      expect(formatMoney(centavos, 'pt')).toBe(formatBRL(centavos, 'pt'));
      expect(formatMoney(centavos, 'en')).toBe(formatBRL(centavos, 'en'));
    }
    expect(formatMoney(5156, 'en')).toBe('R$51.56');
  });

  it('writes RTP and multipliers with two decimals in the page language', () => {
    expect(formatRtp(9650, 'pt')).toBe('96,50 %');
    expect(formatRtp(9650, 'en')).toBe('96.50%');
    expect(formatRtp(9730, 'en')).toBe('97.30%');
    expect(formatMultiplier(200, 'pt')).toBe('2,00×');
    expect(formatMultiplier(100_000, 'en')).toBe('1000.00×');
  });

  it('reads typed amounts with either decimal mark, and refuses anything else', () => {
    expect(parseHundredths('2,5')).toBe(250);
    expect(parseHundredths('2.50')).toBe(250);
    expect(parseHundredths(' R$ 10,00 ')).toBe(1000);
    expect(parseHundredths('3×')).toBe(300);
    expect(parseHundredths('7')).toBe(700);
    expect(parseHundredths('1,234')).toBeNull();
    expect(parseHundredths('-1')).toBeNull();
    expect(parseHundredths('abc')).toBeNull();
    expect(parseHundredths('')).toBeNull();
  });
});
