import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, claimReload, isChunkLoadError } from '../../../src/lib/reload-guard.ts';

function store() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk reload guard', () => {
  it('reloads once per path within 10 s, and again after 10 s', () => {
    const session = store();
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    expect(claimReload(session, '/casino', 1_000)).toBe(true);
    expect(claimReload(session, '/casino', 5_000)).toBe(false);
    expect(claimReload(session, '/casino', 10_999)).toBe(false);
    expect(claimReload(session, '/terms', 5_000)).toBe(true);
    expect(claimReload(session, '/casino', 11_000)).toBe(true);
    expect(claimReload(session, '/casino', 12_000)).toBe(false);
  });

  it('never reloads when the time cannot be recorded', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(claimReload(broken, '/', 0)).toBe(false);
  });

  it('recognises failed dynamic imports of each browser and Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /_astro/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('string reason')).toBe(false);
  });
});
