import { createLoadingBar, type LoadingBar, type LoadingBarView } from '../lib/loading-bar.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Site DOM contract item 5: drives `#loading-bar` from ClientRouter events.
 * The element is looked up on every render because a navigation swaps the
 * body; after a swap the current view is re-applied to the new element.
 */
function render(view: LoadingBarView): void {
  const bar = document.getElementById('loading-bar');
  if (!bar) return;
  bar.dataset.state = view.state;
  bar.style.setProperty('--loading-bar-progress', view.progress.toFixed(3));
}

/** A page whose root error screen is visible (e.g. the 404 page) ended the navigation in error. */
function landedOnErrorPage(): boolean {
  const screen = document.getElementById('error-screen');
  return screen !== null && !screen.hidden;
}

let bar: LoadingBar | undefined;

export function initLoadingBar(): void {
  if (!firstTime('loading-bar')) return;
  const controller = createLoadingBar(render);
  bar = controller;
  document.addEventListener('astro:before-preparation', (event) => {
    controller.start();
    const load = event.loader;
    event.loader = async () => {
      try {
        await load();
      } catch (error) {
        if (!event.signal.aborted) controller.fail();
        throw error;
      }
    };
  });
  document.addEventListener('astro:after-swap', () => {
    render(controller.view());
    if (landedOnErrorPage()) controller.fail();
    else controller.finish();
  });
  document.addEventListener('astro:page-load', () => controller.finish());
}

/** For islands running their own long task (e.g. launching a game): shows the same bar. */
export function loadingBar(): LoadingBar | undefined {
  return bar;
}
