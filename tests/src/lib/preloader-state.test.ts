import { describe, expect, it } from 'vitest';
import { blocksPage, preloaderStateForStatus, resolvePreloaderState } from '../../../src/lib/preloader-state.ts';

describe('preloader state', () => {
  it('maps the site-config answer: 402 → maintenance, 404/other → not-found, 200 → hidden', () => {
    expect(preloaderStateForStatus(200)).toBe('hidden');
    expect(preloaderStateForStatus(402)).toBe('maintenance');
    expect(preloaderStateForStatus(404)).toBe('not-found');
    expect(preloaderStateForStatus(500)).toBe('not-found');
    expect(preloaderStateForStatus(null)).toBe('not-found');
  });

  it('lets a tenant page leave maintenance or enter it after the build', () => {
    expect(resolvePreloaderState({ status: 200, offline: false, build: 'maintenance' })).toBe('hidden');
    expect(resolvePreloaderState({ status: 402, offline: false, build: 'active' })).toBe('maintenance');
  });

  it('never reveals the fallback build; it can only switch to maintenance', () => {
    expect(resolvePreloaderState({ status: 200, offline: false, build: 'unknown' })).toBe('not-found');
    expect(resolvePreloaderState({ status: 402, offline: false, build: 'unknown' })).toBe('maintenance');
  });

  it('keeps the build-time state of a tenant page served offline', () => {
    expect(resolvePreloaderState({ status: null, offline: true, build: 'active' })).toBeNull();
    expect(resolvePreloaderState({ status: null, offline: false, build: 'active' })).toBe('not-found');
  });

  it('blocks the page behind every visible panel', () => {
    expect(blocksPage('hidden')).toBe(false);
    expect(['loading', 'not-found', 'maintenance'].every((s) => blocksPage(s as never))).toBe(true);
  });
});
