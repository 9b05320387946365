import { describe, expect, it } from 'vitest';
import { centavosToDecimal } from '../../../../../src/contract/money.ts';
import { decimalToCentavos } from '../../../../../server/features/payments/bcb-api/money.ts';

describe('decimalToCentavos', () => {
  it('reads the standard’s decimal strings exactly, where floats would not', () => {
    expect(decimalToCentavos('50.00')).toBe(5000);
    expect(decimalToCentavos('0.01')).toBe(1);
    expect(decimalToCentavos('0.29')).toBe(29); // 0.29 * 100 === 28.999999999999996
    expect(decimalToCentavos('1234567.89')).toBe(123456789);
    expect(decimalToCentavos('9999999999.99')).toBe(999999999999);
  });

  it('accepts none or one decimal digit', () => {
    expect(decimalToCentavos('50')).toBe(5000);
    expect(decimalToCentavos('50.5')).toBe(5050);
  });

  it('round-trips every amount up to R$ 1.000,00 and large ones', () => {
    const wrong: number[] = [];
    for (let n = 0; n <= 100_000; n++) if (decimalToCentavos(centavosToDecimal(n)) !== n) wrong.push(n);
    for (const n of [123456789, 999999999999, 1_000_000_000_000]) if (decimalToCentavos(centavosToDecimal(n)) !== n) wrong.push(n);
    expect(wrong).toEqual([]);
  });

  it.each(['', '-1.00', '1e3', '1.005', ' 1.00', '1,00', '1.', '.50', 'NaN', '10000000000000.00'])('refuses %j', (text) => {
    expect(() => decimalToCentavos(text)).toThrow(RangeError);
  });
});
