// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initScrollRules } from '../../../src/scripts/scroll.ts';

function swap(newBody: string, options: { navigationType?: string; hash?: string } = {}) {
  const newDocument = new DOMParser().parseFromString(`<html><body>${newBody}</body></html>`, 'text/html');
  const event = Object.assign(new Event('astro:before-swap'), {
    newDocument,
    navigationType: options.navigationType ?? 'push',
    to: new URL(`http://localhost/next${options.hash ?? ''}`),
  });
  document.dispatchEvent(event);
  // ClientRouter scrolls a new route to the top between the two events.
  window.scrollTo(0, 0);
  document.dispatchEvent(new Event('astro:after-swap'));
}

let scrollTo: ReturnType<typeof vi.spyOn>;

beforeAll(() => initScrollRules());
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo');
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
  vi.spyOn(window, 'scrollX', 'get').mockReturnValue(0);
});

describe('scroll rules', () => {
  it('a page with <main data-keep-scroll> keeps the previous scroll position', () => {
    swap('<main data-keep-scroll></main>');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, top: 640, behavior: 'instant' });
  });

  it('other pages keep ClientRouter’s scroll to top', () => {
    swap('<main></main>');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('a hash or a back/forward navigation is left to ClientRouter', () => {
    swap('<main data-keep-scroll></main>', { hash: '#faq' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    swap('<main data-keep-scroll></main>', { navigationType: 'traverse' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
