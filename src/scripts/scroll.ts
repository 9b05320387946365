import { firstTime } from './lifecycle.ts';

/**
 * Scrolling rules (spec section 2). ClientRouter already scrolls a new route
 * to the top, a hash to its element and restores positions on back/forward;
 * what it lacks is the opt-out: a page whose `<main>` carries
 * `data-keep-scroll` keeps the scroll position of the page navigated from.
 */
export function initScrollRules(): void {
  if (!firstTime('scroll')) return;
  let keep: { x: number; y: number } | null = null;
  document.addEventListener('astro:before-swap', (event) => {
    const optedOut = event.newDocument.querySelector('main[data-keep-scroll]') !== null;
    keep = optedOut && event.navigationType !== 'traverse' && event.to.hash === '' ? { x: scrollX, y: scrollY } : null;
  });
  document.addEventListener('astro:after-swap', () => {
    if (keep) scrollTo({ left: keep.x, top: keep.y, behavior: 'instant' });
    keep = null;
  });
}
