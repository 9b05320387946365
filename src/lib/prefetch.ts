/**
 * Link prefetch rules (spec section 9, site DOM contract item 8): same-origin
 * page links only, never on a data-saver or 2G connection, at most 4 at once,
 * each URL once per page load. Hover and focus jump ahead of viewport links.
 */
export const MAX_CONCURRENT_PREFETCHES = 4;

/** The part of `navigator.connection` (Network Information API) the rules read. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

export interface LinkInfo {
  href: string;
  /** `data-no-prefetch` present. */
  noPrefetch: boolean;
  /** `download` attribute present. */
  download: boolean;
  target: string;
}

/** A file name with an extension other than .html (PDFs, feeds, images) is not a page. */
const NON_PAGE = /\.(?!html?$)[a-z0-9]{1,8}$/i;

/**
 * The URL to prefetch for a link (hash removed), or null when the link must
 * not be prefetched: opted out, a download, another window, another origin,
 * not http(s), not a page, or the page already shown.
 */
export function prefetchTarget(link: LinkInfo, page: { href: string }): string | null {
  if (link.noPrefetch || link.download) return null;
  if (link.target !== '' && link.target !== '_self') return null;
  let url: URL;
  let here: URL;
  try {
    here = new URL(page.href);
    url = new URL(link.href, here);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (NON_PAGE.test(url.pathname)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  url.hash = '';
  return url.href;
}

export interface PrefetchQueue {
  /** Queues a URL once; `urgent` (hover/focus) jumps the line. Returns false when already seen. */
  add(url: string, urgent?: boolean): boolean;
  /** Number of loads in flight (never above the limit). */
  active(): number;
  /** Number waiting for a free slot. */
  pending(): number;
}

export function createPrefetchQueue(
  load: (url: string) => Promise<unknown>,
  limit: number = MAX_CONCURRENT_PREFETCHES,
): PrefetchQueue {
  const seen = new Set<string>();
  const waiting: string[] = [];
  let running = 0;

  const pump = () => {
    while (running < limit && waiting.length > 0) {
      const url = waiting.shift() as string;
      running++;
      let settled: Promise<unknown>;
      try {
        settled = Promise.resolve(load(url));
      } catch (error) {
        settled = Promise.reject(error);
      }
      settled
        .catch(() => undefined)
        .then(() => {
          running--;
          pump();
        });
    }
  };

  return {
    add(url, urgent = false) {
      if (seen.has(url)) {
        const at = waiting.indexOf(url);
        if (urgent && at > 0) {
          waiting.splice(at, 1);
          waiting.unshift(url);
        }
        return false;
      }
      seen.add(url);
      if (urgent) waiting.unshift(url);
      else waiting.push(url);
      pump();
      return true;
    },
    active: () => running,
    pending: () => waiting.length,
  };
}
