import { atom } from 'nanostores';

export const BACKOFFICE_BASE = '/backoffice';

/** Every screen, in the order the navigation lists them. */
export const SCREENS = [
  'dashboard',
  'withdrawals',
  'exports',
  'players',
  'documents',
  'chat',
  'notifications',
  'coupons',
  'promotions',
  'missions',
  'boxes',
  'ranks',
  'cashback',
  'staff',
  'audit',
  'site',
  'banners',
  'pages',
  'catalogue',
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Place {
  screen: Screen | null;
  /** The rest of the path (`/players/12` → `12`). */
  rest: string;
  query: URLSearchParams;
}

function read(): Place {
  const path = location.pathname.startsWith(BACKOFFICE_BASE) ? location.pathname.slice(BACKOFFICE_BASE.length) : '/';
  const [first = '', ...rest] = path.replace(/^\/+/, '').split('/');
  const screen = (SCREENS as readonly string[]).includes(first) ? (first as Screen) : null;
  return { screen, rest: rest.join('/'), query: new URLSearchParams(location.search) };
}

/** Where the back office is: the screen and its filters live in the URL, so a link or a reload shows the same thing. */
export const $place = atom<Place>(read());

export function hrefOf(screen: Screen, query: Record<string, string | number | undefined> = {}, rest = ''): string {
  const params = new URLSearchParams();
  for (const [k, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(k, String(value));
  const search = params.toString();
  return `${BACKOFFICE_BASE}/${screen}${rest ? `/${rest}` : ''}${search ? `?${search}` : ''}`;
}

export function navigate(href: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  $place.set(read());
}

if (typeof window !== 'undefined') window.addEventListener('popstate', () => $place.set(read()));
