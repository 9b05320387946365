import { loadingBar } from './loading-bar.ts';

/**
 * Loads an island's code on demand (a click on Entrar, Depositar, the chat or
 * the bell) with the page's loading bar running meanwhile, so a visitor on a
 * slow connection sees that the click was taken (the bar shows only when the
 * load outlasts its 200 ms throttle).
 */
export function loadIsland<T>(load: () => Promise<T>): Promise<T> {
  const bar = loadingBar();
  bar?.start();
  return load().then(
    (module) => {
      bar?.finish();
      return module;
    },
    (error: unknown) => {
      bar?.fail();
      throw error;
    },
  );
}
