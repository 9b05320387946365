// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

let fetched: string[] = [];
let connection: { saveData?: boolean; effectiveType?: string } = {};

beforeEach(() => {
  vi.resetModules();
  fetched = [];
  connection = {};
  Object.defineProperty(navigator, 'connection', { configurable: true, get: () => connection });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    fetched.push(String(input));
    return new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
  });
  history.replaceState(null, '', '/terms');
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <a id="privacy" href="/privacy">Privacidade</a>
    <a id="opt-out" href="/aml-policy" data-no-prefetch>AML</a>
    <a id="external" href="https://elsewhere.example/">Fora</a>`;
});

function hover(id: string): void {
  document.getElementById(id)!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
}

function prefetched(): string[] {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href);
  return [...links, ...fetched].map((href) => new URL(href, location.href).pathname);
}

describe('prefetch wiring', () => {
  it('prefetches a same-origin link on hover, once', async () => {
    const { initPrefetch } = await import('../../../src/scripts/prefetch.ts');
    initPrefetch();
    hover('privacy');
    hover('privacy');
    await Promise.resolve();
    expect(prefetched()).toEqual(['/privacy']);
  });

  it('skips opted-out and external links', async () => {
    const { initPrefetch } = await import('../../../src/scripts/prefetch.ts');
    initPrefetch();
    hover('opt-out');
    hover('external');
    await Promise.resolve();
    expect(prefetched()).toEqual([]);
  });

  it('does nothing on a data-saver or 2G connection', async () => {
    connection = { saveData: true };
    const { initPrefetch } = await import('../../../src/scripts/prefetch.ts');
    initPrefetch();
    hover('privacy');
    connection = { effectiveType: '2g' };
    hover('privacy');
    await Promise.resolve();
    expect(prefetched()).toEqual([]);
  });

  it('observes the page links for the viewport in idle slices, and drops the slices of a page left', async () => {
    const observed: string[] = [];
    let report: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element.getAttribute('href') ?? '');
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const idle: Array<(deadline: IdleDeadline) => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => idle.push(callback));
    const noTimeLeft = { didTimeout: false, timeRemaining: () => 0 } as IdleDeadline;
    document.body.innerHTML = Array.from({ length: 30 }, (_, i) => `<a href="/page-${i}">${i}</a>`).join('');
    const { initPrefetch } = await import('../../../src/scripts/prefetch.ts');
    initPrefetch();
    expect(observed).toEqual([]);
    for (let slice = 0; slice < 10; slice++) idle.shift()!(noTimeLeft);
    expect(observed).toEqual(Array.from({ length: 10 }, (_, i) => `/page-${i}`));
    report([...document.querySelectorAll('a')].slice(0, 3).map((target, i) => ({ isIntersecting: i < 2, target })));
    expect(prefetched()).toEqual([]);
    const pending = idle.splice(0, idle.length);
    const [first, second] = pending.splice(-2);
    first!(noTimeLeft);
    expect(prefetched()).toEqual(['/page-0']);
    second!(noTimeLeft);
    expect(prefetched()).toEqual(['/page-0', '/page-1']);
    idle.push(...pending);

    document.body.innerHTML = '<a href="/next-page">next</a>';
    document.dispatchEvent(new Event('astro:after-swap'));
    while (idle.length > 0) idle.shift()!(noTimeLeft);
    expect(observed.slice(10)).toEqual(['/next-page']);
  });
});
