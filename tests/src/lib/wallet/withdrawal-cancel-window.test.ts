import { describe, expect, it } from 'vitest';
import { cancelSecondsLeft, canCancelNow } from '../../../../src/lib/wallet/withdrawal-status.ts';

const CREATED = Date.parse('2026-07-10T12:00:00Z');
const pending = { status: 0, cancellable_until: '2026-07-10T12:01:00Z' };

describe('the cancel window of a withdrawal', () => {
  it('counts the whole seconds left, rounding up, down to 0', () => {
    expect(cancelSecondsLeft(pending, CREATED)).toBe(60);
    expect(cancelSecondsLeft(pending, CREATED + 17_500)).toBe(43);
    expect(cancelSecondsLeft(pending, CREATED + 59_001)).toBe(1);
    expect(cancelSecondsLeft(pending, CREATED + 60_000)).toBe(0);
    expect(cancelSecondsLeft(pending, CREATED + 90_000)).toBe(0);
  });

  it('offers Cancel only while time is left, or with no deadline for a cancellable status', () => {
    expect(canCancelNow(pending, CREATED + 59_000)).toBe(true);
    expect(canCancelNow(pending, CREATED + 60_000)).toBe(false);
    const underReview = { status: 5, cancellable_until: null };
    expect(cancelSecondsLeft(underReview, CREATED)).toBeNull();
    expect(canCancelNow(underReview, CREATED + 86_400_000)).toBe(true);
    expect(canCancelNow({ status: 4, cancellable_until: null }, CREATED)).toBe(false);
    expect(canCancelNow({ status: 2, cancellable_until: '2026-07-10T12:01:00Z' }, CREATED)).toBe(false);
    expect(cancelSecondsLeft({ cancellable_until: 'soon' }, CREATED)).toBeNull();
  });
});
