/**
 * What a click on a push notification does (spec section 4), kept pure so it
 * is tested without a service worker: the payload's `url` is honoured only on
 * this site's origin (anything else, or none, means the home page), and an
 * open tab of the site is reused before a new window is opened.
 */
export type ClickAction =
  | { kind: 'focus'; index: number }
  | { kind: 'navigate'; index: number; url: string }
  | { kind: 'open'; url: string };

/** A window client as the decision needs it: its URL and whether this worker controls it (only those can be navigated). */
export interface OpenWindow {
  url: string;
  controlled: boolean;
}

/** The absolute same-origin URL to show for a payload `url`, else the site's home page. */
export function sameOriginUrl(raw: unknown, origin: string): string {
  if (typeof raw !== 'string' || raw === '') return `${origin}/`;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/**
 * Picks the action: a tab already on the target is focused; without a
 * target (`url` absent) any open tab of the site is focused; otherwise a tab
 * this worker controls is focused and sent to the target; with no usable
 * tab, a new window opens on the target.
 */
export function chooseClickAction(windows: readonly OpenWindow[], rawUrl: unknown, origin: string): ClickAction {
  const target = sameOriginUrl(rawUrl, origin);
  const site = windows.map((w, index) => ({ ...w, index })).filter((w) => w.url.startsWith(`${origin}/`) || w.url === origin);
  const exact = site.find((w) => w.url === target);
  if (exact) return { kind: 'focus', index: exact.index };
  const hasTarget = typeof rawUrl === 'string' && rawUrl !== '' && target !== `${origin}/`;
  if (!hasTarget && site.length > 0) return { kind: 'focus', index: site[0]!.index };
  const navigable = site.find((w) => w.controlled);
  if (navigable) return { kind: 'navigate', index: navigable.index, url: target };
  return { kind: 'open', url: target };
}
