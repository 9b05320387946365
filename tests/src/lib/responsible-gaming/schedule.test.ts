import { describe, expect, it } from 'vitest';
import { playedText, timeSchedule } from '../../../../src/lib/responsible-gaming/schedule.ts';

const view = (over: Partial<Parameters<typeof timeSchedule>[0]> = {}) => ({
  now: '2026-11-26T12:10:00.000Z',
  session: { value: 60, pending: null, started_at: '2026-11-26T12:00:00.000Z', ends_at: '2026-11-26T13:00:00.000Z' },
  reality_check_minutes: 15,
  minute_seconds: 60,
  ...over,
});

describe('time alert schedule', () => {
  it('the next alert comes at the next multiple of N minutes since the session began, by the platform’s clock', () => {
    // 10 minutes in: the 15-minute alert is 5 minutes away, whatever the browser's clock says.
    expect(timeSchedule(view(), Date.parse('2030-01-01T00:00:00Z'))).toEqual({ alertInMs: 5 * 60_000, sessionEndsInMs: 50 * 60_000 });
    // Fetched 2 minutes ago: 3 minutes left.
    expect(timeSchedule(view(), 200_000 + 120_000, 200_000).alertInMs).toBe(3 * 60_000);
  });

  it('a short test "minute" shortens the alert, not the session limit', () => {
    expect(timeSchedule(view({ minute_seconds: 1, now: '2026-11-26T12:00:20.000Z' }), 0)).toEqual({ alertInMs: 15_000 - 5_000, sessionEndsInMs: 3_580_000 });
  });

  it('nothing is scheduled without a session, an alert or a limit; a session past its limit ends now', () => {
    expect(timeSchedule(view({ reality_check_minutes: null, session: { value: null, pending: null, started_at: null, ends_at: null } }), 0)).toEqual({ alertInMs: null, sessionEndsInMs: null });
    expect(timeSchedule(view({ now: '2026-11-26T14:00:00.000Z' }), 0).sessionEndsInMs).toBe(0);
  });

  it('time played reads as hours and minutes', () => {
    expect(playedText(3_900)).toBe('1 h 05 min');
    expect(playedText(720)).toBe('12 min');
    expect(playedText(45)).toBe('45 s');
  });
});
