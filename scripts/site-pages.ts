import { readdir } from 'node:fs/promises';

/** The path of a page that does not exist: the site answers it with its 404 screen. */
export const UNKNOWN_PAGE = '/pagina-que-nao-existe';

/**
 * Every page a tenant's built site has, in one locale: its site paths without
 * the locale prefix (`''` for pt, `'/en'` for en), read from the HTML files of
 * the build in `siteDir` (so a new route is listed the day it is built).
 * Third-party games share one template: one game per provider is kept; every
 * house game is kept. The 404 file is replaced by an unknown path, which is
 * how a player meets it. Used by the layout test and `npm run screenshots`.
 */
export async function builtSitePages(siteDir: string, prefix: '' | '/en'): Promise<string[]> {
  const files = (await readdir(siteDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  const paths = files
    .map((file) => `/${file.replace(/\\/g, '/')}`.replace(/index\.html$/, '').replace(/\.html$/, ''))
    .filter((path) => (prefix ? path.startsWith(`${prefix}/`) : !path.startsWith('/en/')))
    .map((path) => path.slice(prefix.length) || '/')
    .filter((path) => path !== '/404')
    .sort();
  const providersSeen = new Set<string>();
  const pages = paths.filter((path) => {
    const game = /^\/casino\/([^/]+)\/[^/]+\/$/.exec(path);
    if (!game || game[1] === 'category' || game[1] === 'house') return true;
    if (providersSeen.has(game[1]!)) return false;
    providersSeen.add(game[1]!);
    return true;
  });
  return [...pages, UNKNOWN_PAGE];
}

