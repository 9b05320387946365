// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { initLoadingBar } from '../../../src/scripts/loading-bar.ts';

/** Minimal stand-in for ClientRouter's TransitionBeforePreparationEvent. */
function beforePreparation(loader: () => Promise<void>) {
  const event = new Event('astro:before-preparation') as Event & { loader: () => Promise<void>; signal: AbortSignal };
  event.loader = loader;
  event.signal = new AbortController().signal;
  return event;
}

const bar = () => document.getElementById('loading-bar')!;

beforeAll(() => {
  document.body.innerHTML = '<div id="loading-bar" data-state="idle"></div>';
  initLoadingBar();
});

describe('loading bar wiring', () => {
  it('turns to the error colour at once when loading the next page fails', async () => {
    const event = beforePreparation(() => Promise.reject(new TypeError('offline')));
    document.dispatchEvent(event);
    await expect(event.loader()).rejects.toThrow('offline');
    expect(bar().dataset.state).toBe('error');
    expect(bar().style.getPropertyValue('--loading-bar-progress')).toBe('1.000');
  });

  it('ends in error when the page swapped in shows the error screen (e.g. 404)', () => {
    document.dispatchEvent(beforePreparation(() => Promise.resolve()));
    document.body.innerHTML = '<div id="loading-bar" data-state="idle"></div><section id="error-screen" data-code="404"></section>';
    document.dispatchEvent(new Event('astro:after-swap'));
    expect(bar().dataset.state).toBe('error');
  });
});
