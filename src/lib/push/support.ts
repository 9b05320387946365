/**
 * Browser capabilities the push modal depends on (spec section 4). Each
 * takes the globals it reads so tests pass fakes.
 */

/** Web Push needs the Notification API, service workers and the Push API together. */
export function isPushSupported(scope: { Notification?: unknown; PushManager?: unknown; navigator?: { serviceWorker?: unknown } } = globalThis): boolean {
  return typeof scope.Notification === 'function' && typeof scope.PushManager === 'function' && !!scope.navigator?.serviceWorker;
}

/** A phone or tablet (where push needs the installed app), by touch-first pointer and user agent. */
export function isMobileDevice(scope: { navigator?: { userAgent?: string; maxTouchPoints?: number } } = globalThis): boolean {
  const agent = scope.navigator?.userAgent ?? '';
  // iPadOS reports a desktop Safari agent: touch points tell it apart from a Mac.
  return /Android|iPhone|iPad|iPod|Mobile/i.test(agent) || (/Macintosh/.test(agent) && (scope.navigator?.maxTouchPoints ?? 0) > 1);
}

/** Whether the site runs as the installed app (display mode standalone; `navigator.standalone` on iOS). */
export function isStandaloneDisplay(
  scope: { matchMedia?: (query: string) => { matches: boolean }; navigator?: { standalone?: boolean } } = globalThis as never,
): boolean {
  return scope.matchMedia?.('(display-mode: standalone)').matches === true || scope.navigator?.standalone === true;
}
