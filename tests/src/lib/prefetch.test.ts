import { describe, expect, it } from 'vitest';
import { connectionAllowsPrefetch, createPrefetchQueue, MAX_CONCURRENT_PREFETCHES, prefetchTarget } from '../../../src/lib/prefetch.ts';

const page = { href: 'https://casa.example/terms?x=1#top' };
const link = (href: string, extra: Partial<{ noPrefetch: boolean; download: boolean; target: string }> = {}) => ({
  href,
  noPrefetch: false,
  download: false,
  target: '',
  ...extra,
});

describe('prefetch rules', () => {
  it('skips data-saver and 2G connections', () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(connectionAllowsPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: '3g' })).toBe(true);
  });

  it('prefetches same-origin pages only, without the hash', () => {
    expect(prefetchTarget(link('/privacy#s2'), page)).toBe('https://casa.example/privacy');
    expect(prefetchTarget(link('https://casa.example/en/terms'), page)).toBe('https://casa.example/en/terms');
    expect(prefetchTarget(link('https://other.example/terms'), page)).toBeNull();
    expect(prefetchTarget(link('mailto:a@b.c'), page)).toBeNull();
    expect(prefetchTarget(link('/terms?x=1#other'), page)).toBeNull();
    expect(prefetchTarget(link('/docs/regulamento.pdf'), page)).toBeNull();
    expect(prefetchTarget(link('/legacy/page.html'), page)).toBe('https://casa.example/legacy/page.html');
  });

  it('honours data-no-prefetch, download and other targets', () => {
    expect(prefetchTarget(link('/privacy', { noPrefetch: true }), page)).toBeNull();
    expect(prefetchTarget(link('/privacy', { download: true }), page)).toBeNull();
    expect(prefetchTarget(link('/privacy', { target: '_blank' }), page)).toBeNull();
    expect(prefetchTarget(link('/privacy', { target: '_self' }), page)).not.toBeNull();
  });
});

describe('prefetch queue', () => {
  function deferredLoader() {
    const pending = new Map<string, () => void>();
    let active = 0;
    let peak = 0;
    const order: string[] = [];
    const load = (url: string) =>
      new Promise<void>((resolve) => {
        active++;
        peak = Math.max(peak, active);
        order.push(url);
        pending.set(url, () => {
          active--;
          pending.delete(url);
          resolve();
        });
      });
    return { load, pending, order, peak: () => peak };
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('never runs more than 4 loads at once and drains the rest as slots free up', async () => {
    const loader = deferredLoader();
    const queue = createPrefetchQueue(loader.load);
    for (let i = 0; i < 10; i++) queue.add(`/p${i}`);
    expect(queue.active()).toBe(MAX_CONCURRENT_PREFETCHES);
    expect(queue.pending()).toBe(6);
    while (loader.pending.size > 0) {
      for (const done of [...loader.pending.values()].slice(0, 3)) done();
      await flush();
      expect(queue.active()).toBeLessThanOrEqual(4);
    }
    expect(loader.peak()).toBe(4);
    expect(loader.order).toHaveLength(10);
  });

  it('loads each URL once and lets hover/focus jump the line', async () => {
    const loader = deferredLoader();
    const queue = createPrefetchQueue(loader.load);
    for (const url of ['/a', '/b', '/c', '/d', '/e', '/f']) queue.add(url);
    expect(queue.add('/a')).toBe(false);
    queue.add('/f', true);
    queue.add('/hover', true);
    loader.pending.get('/a')!();
    await flush();
    expect(loader.order.slice(4)).toEqual(['/hover']);
    loader.pending.get('/b')!();
    await flush();
    expect(loader.order.slice(5)).toEqual(['/f']);
  });

  it('frees the slot when a load fails or throws synchronously', async () => {
    let calls = 0;
    const queue = createPrefetchQueue(
      (url) => {
        calls++;
        if (url === '/sync') throw new Error('boom');
        return Promise.reject(new Error('offline'));
      },
      1,
    );
    queue.add('/sync');
    queue.add('/async');
    queue.add('/third');
    await flush();
    await flush();
    expect(calls).toBe(3);
    expect(queue.active()).toBe(0);
  });
});
