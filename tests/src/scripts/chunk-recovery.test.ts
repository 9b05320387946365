// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initChunkRecovery, reloadOnceForPath } from '../../../src/scripts/chunk-recovery.ts';

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-01-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('chunk load failure recovery', () => {
  it('reloads once per path within 10 s and again after 10 s', () => {
    const reload = vi.fn();
    expect(reloadOnceForPath(reload)).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(reloadOnceForPath(reload)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reloadOnceForPath(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('handles vite:preloadError by reloading and stopping the error; lets it through after that', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    initChunkRecovery();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });
});
