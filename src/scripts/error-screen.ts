import { clearErrorScreen, homePath } from '../lib/error-screen.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Wires `[data-action="error-home"]`: clears the error and navigates home.
 * `navigate` is ClientRouter's (passed in by boot.ts, so this module stays
 * testable without Astro's virtual modules).
 */
export function initErrorScreen(navigate: (href: string) => unknown): void {
  if (!firstTime('error-screen')) return;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-action="error-home"]') : null;
    if (!button) return;
    event.preventDefault();
    const home = homePath();
    clearErrorScreen();
    void navigate(home);
  });
}
