/**
 * Page lifecycle under Astro's ClientRouter: boot.ts runs once per full page
 * load, while navigations swap the body in place. `onEveryPage` runs a
 * callback for the current document now and again after every swap.
 */
export function onEveryPage(callback: () => void): void {
  callback();
  document.addEventListener('astro:after-swap', callback);
}

const started = new Set<string>();

/** True the first time it is called with a name: keeps each `init…()` idempotent across navigations. */
export function firstTime(name: string): boolean {
  if (started.has(name)) return false;
  started.add(name);
  return true;
}
