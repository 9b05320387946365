import { describe, expect, it } from 'vitest';
import { chargeDeadline, formatCountdown, PIX_EXPIRY_MS } from '../../../../src/lib/wallet/deposit-countdown.ts';

/** The charge's 5-minute countdown (spec sections 4 and 9). */
describe('chargeDeadline', () => {
  const received = Date.parse('2026-03-01T12:00:00Z');

  it("uses the platform's expires_at when it is within the next 5 minutes", () => {
    expect(chargeDeadline('2026-03-01T12:04:58Z', received)).toBe(Date.parse('2026-03-01T12:04:58Z'));
  });

  it("counts 5 minutes from receipt when this device's clock disagrees with the server's", () => {
    expect(chargeDeadline('2026-03-01T11:50:00Z', received)).toBe(received + PIX_EXPIRY_MS);
    expect(chargeDeadline('2026-03-01T12:20:00Z', received)).toBe(received + PIX_EXPIRY_MS);
    expect(chargeDeadline('not a date', received)).toBe(received + PIX_EXPIRY_MS);
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss, rounding partial seconds up and never below 00:00', () => {
    expect(formatCountdown(PIX_EXPIRY_MS)).toBe('05:00');
    expect(formatCountdown(299_001)).toBe('05:00');
    expect(formatCountdown(299_000)).toBe('04:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});
