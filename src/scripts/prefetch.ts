import {
  type ConnectionInfo,
  connectionAllowsPrefetch,
  createPrefetchQueue,
  type PrefetchQueue,
  prefetchTarget,
} from '../lib/prefetch.ts';
import { firstTime, onEveryPage } from './lifecycle.ts';

/**
 * Site DOM contract item 8: prefetches same-origin pages on hover, focus and
 * when links scroll into view, at most 4 at once, never on data-saver or 2G.
 * Uses `<link rel="prefetch">` (the HTTP cache then serves ClientRouter's
 * fetch), or a low-priority fetch where that is unsupported.
 */
const LOAD_TIMEOUT_MS = 10_000;

function connection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function viaLink(url: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    const done = () => resolve();
    link.onload = link.onerror = done;
    // A navigation may swap the head and drop the link before it settles: never hold a slot forever.
    setTimeout(done, LOAD_TIMEOUT_MS);
    document.head.append(link);
  });
}

function viaFetch(url: string): Promise<void> {
  return fetch(url, { credentials: 'same-origin', priority: 'low' } as RequestInit).then(
    (response) => void response.body?.cancel().catch(() => undefined),
  );
}

function targetOf(element: Element | null): string | null {
  const link = element?.closest<HTMLAnchorElement>('a[href]');
  if (!link) return null;
  return prefetchTarget(
    {
      href: link.href,
      noPrefetch: link.hasAttribute('data-no-prefetch'),
      download: link.hasAttribute('download'),
      target: link.target,
    },
    location,
  );
}

function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/** Milliseconds of work per slice where the browser gives no idle deadline. */
const SLICE_MS = 5;

/**
 * Calls `each` for every item in idle slices until `current()` turns false: a
 * page has a hundred links, and one pass over them was a 20 ms task at load.
 */
function eachWhenIdle<T>(items: readonly T[], each: (item: T) => void, current: () => boolean): void {
  let next = 0;
  const slice = (deadline?: IdleDeadline) => {
    if (next >= items.length || !current()) return;
    const until = performance.now() + (deadline ? deadline.timeRemaining() : SLICE_MS);
    // At least one item a slice, however short the deadline.
    do each(items[next++] as T);
    while (next < items.length && performance.now() < until);
    if (next < items.length) whenIdle(slice);
  };
  whenIdle(slice);
}

export function initPrefetch(): void {
  if (!firstTime('prefetch')) return;
  const supportsLink = document.createElement('link').relList?.supports?.('prefetch') ?? false;
  const queue: PrefetchQueue = createPrefetchQueue(supportsLink ? viaLink : viaFetch);
  const add = (url: string | null, urgent: boolean) => {
    if (url && connectionAllowsPrefetch(connection())) queue.add(url, urgent);
  };
  const onIntent = (event: Event) => add(targetOf(event.target instanceof Element ? event.target : null), true);
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent, { passive: true });

  if (!('IntersectionObserver' in window)) return;
  let page = 0;
  const observer = new IntersectionObserver((entries) => {
    const thisPage = page;
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      // One link an idle task: starting a prefetch costs the page's main thread a few milliseconds,
      // and the first report lists every link on screen at once.
      whenIdle(() => thisPage === page && add(targetOf(entry.target), false));
    }
  });
  onEveryPage(() => {
    observer.disconnect();
    const thisPage = ++page;
    if (!connectionAllowsPrefetch(connection())) return;
    const links = [...document.querySelectorAll('a[href]')];
    eachWhenIdle(
      links,
      (link) => targetOf(link) && observer.observe(link),
      () => thisPage === page && connectionAllowsPrefetch(connection()),
    );
  });
}
