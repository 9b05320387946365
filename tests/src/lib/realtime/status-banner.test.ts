// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { REALTIME_BANNER_ID, startRealtimeStatusBanner } from '../../../../src/lib/realtime/status-banner.ts';
import { $realtimeState, setRealtimeState } from '../../../../src/lib/realtime/state.ts';

describe('realtime status notice', () => {
  it('tells the player when live updates stop and hides again once connected', async () => {
    document.documentElement.dataset.locale = 'en';
    startRealtimeStatusBanner();
    const banner = document.getElementById(REALTIME_BANNER_ID);
    expect(banner?.hidden).toBe(true);
    expect(banner?.getAttribute('role')).toBe('status');

    setRealtimeState('unavailable');
    await expect.poll(() => banner?.textContent).toBe('No live connection. Trying to reconnect…');
    expect(banner?.hidden).toBe(false);

    setRealtimeState('connected');
    expect(banner?.hidden).toBe(true);
    setRealtimeState('failed');
    await expect.poll(() => banner?.textContent).toBe('Could not connect to live updates. Check your connection.');

    setRealtimeState('not-a-state');
    expect($realtimeState.get()).toBe('failed');
  });
});
