import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastsModule from '../../../src/stores/toasts.ts';

/** The one toast model: durations by tone, 3 on screen, 1 notification at a time, a 100 ms queue, hover pause, a 20 s limit. */
let store: typeof ToastsModule;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import('../../../src/stores/toasts.ts');
});
afterEach(() => {
  store.clearToasts();
  vi.useRealTimers();
});

const texts = () => store.$toasts.get().map((t) => t.text);

describe('durations', () => {
  it('a plain message stays 4000 ms, a success 5000 ms, a notification 6000 ms', () => {
    store.showToast({ text: 'plain' });
    store.showToast({ text: 'ok', tone: 'success' });
    store.showToast({ text: 'news', title: 'Title', tone: 'notification' });
    expect(texts()).toEqual(['plain', 'ok', 'news']);
    vi.advanceTimersByTime(3900);
    expect(texts()).toEqual(['plain', 'ok', 'news']);
    vi.advanceTimersByTime(200);
    expect(texts()).toEqual(['ok', 'news']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(['news']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
  });

  it('a caller may give its own duration', () => {
    store.showToast({ text: 'short', durationMs: 1000 });
    vi.advanceTimersByTime(1100);
    expect(texts()).toEqual([]);
  });
});

describe('queue', () => {
  it('shows at most 3; the 4th waits and appears within 100 ms of a place freeing', () => {
    for (const text of ['a', 'b', 'c', 'd']) store.showToast({ text });
    expect(texts()).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual(['a', 'b', 'c']);
    store.dismissToast(store.$toasts.get()[0]!.id);
    expect(texts()).toEqual(['b', 'c', 'd']);
    vi.advanceTimersByTime(3100);
    // b and c ran out; d started later and is still there.
    expect(texts()).toEqual(['d']);
  });

  it('shows one notification toast at a time; the next waits without holding up other toasts', () => {
    store.showToast({ text: 'n1', tone: 'notification' });
    store.showToast({ text: 'n2', tone: 'notification' });
    store.showToast({ text: 'plain' });
    expect(texts()).toEqual(['n1', 'plain']);
    vi.advanceTimersByTime(6050);
    expect(texts()).toEqual(['n2']);
  });

  it('a toast that waited 20 s is dropped without ever showing', () => {
    store.showToast({ text: 'long', durationMs: 25_000 });
    store.showToast({ text: 'long 2', durationMs: 25_000 });
    store.showToast({ text: 'long 3', durationMs: 25_000 });
    store.showToast({ text: 'stale' });
    vi.advanceTimersByTime(20_000);
    expect(texts()).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(texts()).toEqual([]);
  });
});

describe('hover', () => {
  it('pauses the countdown and resumes from where it stopped', () => {
    const id = store.showToast({ text: 'hover me' });
    vi.advanceTimersByTime(3000);
    store.pauseToast(id);
    vi.advanceTimersByTime(10_000);
    expect(texts()).toEqual(['hover me']);
    store.resumeToast(id);
    vi.advanceTimersByTime(900);
    expect(texts()).toEqual(['hover me']);
    vi.advanceTimersByTime(200);
    expect(texts()).toEqual([]);
  });

  it('never keeps a toast past 20 s, even while hovered', () => {
    const id = store.showToast({ text: 'hovered' });
    store.pauseToast(id);
    vi.advanceTimersByTime(19_000);
    expect(texts()).toEqual(['hovered']);
    vi.advanceTimersByTime(1000);
    expect(texts()).toEqual([]);
  });
});

it('stops its timers when no toast is left', () => {
  store.showToast({ text: 'x' });
  expect(vi.getTimerCount()).toBe(2);
  vi.advanceTimersByTime(4100);
  expect(vi.getTimerCount()).toBe(0);
});
