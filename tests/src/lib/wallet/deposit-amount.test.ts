import { describe, expect, it } from 'vitest';
import { parseReais } from '../../../../src/lib/wallet/amount.ts';
import { amountInputText, checkDepositAmount, depositPresets, OPEN_LIMITS } from '../../../../src/lib/wallet/deposit-amount.ts';

/** The deposit amount field: reais typed by a person → exact centavos within the tenant's range. */
const LIMITS = { min: 1_000, max: 5_000_000 };

describe('checkDepositAmount', () => {
  it('accepts "50", "50,00", "1.234,56" (and the English "50.00") as exact centavos', () => {
    expect(checkDepositAmount('50', LIMITS)).toEqual({ ok: true, centavos: 5_000 });
    expect(checkDepositAmount('50,00', LIMITS)).toEqual({ ok: true, centavos: 5_000 });
    expect(checkDepositAmount('1.234,56', LIMITS)).toEqual({ ok: true, centavos: 123_456 });
    expect(checkDepositAmount(' R$ 0010,29 ', LIMITS)).toEqual({ ok: true, centavos: 1_029 });
    expect(checkDepositAmount('50.00', LIMITS)).toEqual({ ok: true, centavos: 5_000 });
  });

  it('tells empty, not-an-amount, below the minimum and above the maximum apart, naming the limit', () => {
    expect(checkDepositAmount('  ', LIMITS)).toEqual({ ok: false, problem: { kind: 'empty' } });
    for (const text of ['abc', '-50', '50,001', '1,2,3', '5e3']) {
      expect(checkDepositAmount(text, LIMITS), text).toEqual({ ok: false, problem: { kind: 'invalid' } });
    }
    expect(checkDepositAmount('9,99', LIMITS)).toEqual({ ok: false, problem: { kind: 'belowMin', min: 1_000 } });
    expect(checkDepositAmount('0', LIMITS)).toEqual({ ok: false, problem: { kind: 'belowMin', min: 1_000 } });
    expect(checkDepositAmount('10', LIMITS)).toEqual({ ok: true, centavos: 1_000 });
    expect(checkDepositAmount('50.000,00', LIMITS)).toEqual({ ok: true, centavos: 5_000_000 });
    expect(checkDepositAmount('50.000,01', LIMITS)).toEqual({ ok: false, problem: { kind: 'aboveMax', max: 5_000_000 } });
  });

  it('treats a zero minimum as one centavo (the API refuses 0)', () => {
    expect(checkDepositAmount('0', { min: 0, max: 100 })).toEqual({ ok: false, problem: { kind: 'belowMin', min: 1 } });
    expect(checkDepositAmount('0,01', OPEN_LIMITS)).toEqual({ ok: true, centavos: 1 });
  });
});

describe('depositPresets', () => {
  it('offers R$ 20, 50, 100, 200 and 500 where the range allows', () => {
    expect(depositPresets(LIMITS)).toEqual([2_000, 5_000, 10_000, 20_000, 50_000]);
    expect(depositPresets({ min: 3_000, max: 15_000 })).toEqual([5_000, 10_000]);
  });

  it('falls back to the minimum and maximum when no round amount fits', () => {
    expect(depositPresets({ min: 60_000, max: 90_000 })).toEqual([60_000, 90_000]);
    expect(depositPresets({ min: 2_500, max: 2_500 })).toEqual([2_500]);
  });
});

describe('amountInputText', () => {
  it('writes whole reais plainly and cents with the page language mark, always read back exactly', () => {
    expect(amountInputText(5_000, 'pt')).toBe('50');
    expect(amountInputText(1_050, 'pt')).toBe('10,50');
    expect(amountInputText(1_005, 'en')).toBe('10.05');
    for (const centavos of [1, 99, 100, 1_050, 123_456, 5_000_000]) {
      for (const locale of ['pt', 'en'] as const) expect(parseReais(amountInputText(centavos, locale))).toBe(centavos);
    }
  });
});
