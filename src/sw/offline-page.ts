/**
 * Issue 20: the offline page (`/Offiline`, `/en/Offiline`) the service
 * worker precaches and serves when a navigation gets no answer.
 */

/** Build files of the offline pages, as the worker's precache lists them (astro config `globPatterns`). */
export const OFFLINE_PAGE_FILES = ['Offiline/index.html', 'en/Offiline/index.html'] as const;

/**
 * The precache keys of the offline page in a path's language (`/en…`
 * English, Portuguese otherwise), in the order to try: @vite-pwa/astro lists
 * a page by its route (`Offiline`), workbox by its file.
 */
export function offlinePageFor(pathname: string): string[] {
  const file = pathname === '/en' || pathname.startsWith('/en/') ? OFFLINE_PAGE_FILES[1] : OFFLINE_PAGE_FILES[0];
  return [`/${file.replace(/\/index\.html$/, '')}`, `/${file}`];
}
