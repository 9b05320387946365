import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTAVOS } from '../../../../src/contract/money.ts';
import { formatReaisInput, parseReais } from '../../../../src/lib/wallet/amount.ts';

describe('parseReais', () => {
  it.each([
    ['50', 5000],
    ['50,00', 5000],
    ['50,5', 5050],
    ['0,29', 29],
    ['0,01', 1],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1.234', 123400],
    ['1.234.567,89', 123456789],
    ['R$ 50,00', 5000],
    ['  r$50 ', 5000],
    ['50.00', 5000],
    ['50.5', 5050],
    ['1,234.56', 123456],
    ['007', 700],
    ['0', 0],
    [',5', 50],
  ])('%s → %i centavos exactly', (text, centavos) => {
    expect(parseReais(text)).toBe(centavos);
  });

  it.each(['', '   ', 'abc', '-50', '+50', '50,001', '1,234', '12.34,56', '1.23.456', '5e3', '50 00', 'R$', '.', '1,2,3', 'NaN', 'Infinity'])(
    'refuses %j',
    (text) => {
      expect(parseReais(text)).toBeNull();
    },
  );

  it('refuses amounts above MAX_AMOUNT_CENTAVOS instead of rounding them', () => {
    expect(parseReais(formatReaisInput(MAX_AMOUNT_CENTAVOS))).toBe(MAX_AMOUNT_CENTAVOS);
    expect(parseReais('10.000.000.000,01')).toBeNull();
    expect(parseReais('99999999999999999999')).toBeNull();
  });
});

describe('formatReaisInput', () => {
  it('writes English style for English pages, which parseReais reads back', () => {
    expect(formatReaisInput(123456, 'en')).toBe('1,234.56');
    expect(formatReaisInput(100, 'en')).toBe('1.00');
    for (let c = 0; c < 20_000; c += 7) expect(parseReais(formatReaisInput(c, 'en'))).toBe(c);
  });

  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [5000, '50,00'],
    [123456, '1.234,56'],
    [100000000, '1.000.000,00'],
  ])('%i → %s', (centavos, text) => {
    expect(formatReaisInput(centavos)).toBe(text);
  });

  it('round-trips through parseReais for every centavo of a range', () => {
    for (let c = 0; c < 20_000; c += 7) expect(parseReais(formatReaisInput(c))).toBe(c);
  });

  it('throws on fractional or negative centavos (a programming error)', () => {
    expect(() => formatReaisInput(50.5)).toThrow(RangeError);
    expect(() => formatReaisInput(-1)).toThrow(RangeError);
  });
});
