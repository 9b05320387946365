import { Readable } from 'node:stream';
import { extname } from 'node:path';
import type { Context } from 'hono';
import { SITE_FILES_FOLDER } from '../../src/contract/site-files.ts';
import { FALLBACK_SITE, siteNameForHost } from './layout.ts';
import { contentTypeFor } from './mime.ts';
import { pagePolicy } from './page-csp.ts';
import { sitePageFactsOf } from './page-policy-cache.ts';
import { COMPRESSIBLE_EXTENSIONS } from './precompress.ts';
import { candidatesFor, catchAllCandidates, notFoundCandidates, openFirst, openRegularFile, requestPath, resolveSiteRoot, type OpenFile } from './resolve.ts';

export interface ServeSitesOptions {
  /** Folder of per-domain symlinks written by buildTenantSite (SITES_DIR). */
  sitesDir: string;
  /** Absolute origins the pages may frame besides their own: where game aggregators serve their games (CSP `frame-src`). */
  frameOrigins?: readonly string[];
}

/** Files up to this size are read into memory; larger ones are streamed. */
const BUFFER_LIMIT = 512 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

/** Whether `Accept-Encoding` allows `coding` (q > 0, explicitly or through `*`). */
export function acceptsEncoding(header: string | undefined, coding: Encoding): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

/**
 * Hashed build assets and uploaded images (`/uploads/<sha256>.<ext>`, named by
 * their content, server/features/site-files) are immutable. Everything else
 * (pages, the service worker, unhashed public files such as logos) may change
 * with any rebuild, so browsers revalidate it on every use — a cheap 304
 * thanks to the ETag.
 */
function cacheControlFor(path: string): string {
  return path.startsWith('/_astro/') || path.startsWith(`/${SITE_FILES_FOLDER}/`) ? IMMUTABLE : 'no-cache';
}

function etagOf(file: OpenFile, encoding: Encoding | null): string {
  const { size, mtimeMs, ino } = file.stat;
  return `"${ino.toString(36)}-${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Opens the best precompressed variant of `file` the client accepts, else `file` itself. */
async function negotiate(file: OpenFile, acceptEncoding: string | undefined): Promise<{ file: OpenFile; encoding: Encoding | null }> {
  const variants: Array<[Encoding, string]> = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ];
  for (const [encoding, suffix] of variants) {
    if (!acceptsEncoding(acceptEncoding, encoding)) continue;
    const variant = await openRegularFile(file.path + suffix);
    if (variant) {
      await file.handle.close();
      return { file: variant, encoding };
    }
  }
  return { file, encoding: null };
}

interface Reply {
  file: OpenFile;
  /** The request path the file answers (decides caching). */
  path: string;
  status: 200 | 404;
  fallback: boolean;
  /** The build folder the file is in (its pages share one script allow-list, page-policy-cache.ts). */
  root: string;
}

async function respond(c: Context, reply: Reply, frameOrigins: readonly string[]): Promise<Response> {
  const ext = extname(reply.file.path).toLowerCase();
  // Read from the uncompressed page before a compressed variant replaces it.
  const policy = ext === '.html' ? pagePolicy(await sitePageFactsOf(reply.root, reply.file), c.req.header('host'), frameOrigins) : null;
  const compressible = COMPRESSIBLE_EXTENSIONS.has(ext);
  const { file, encoding } = compressible
    ? await negotiate(reply.file, c.req.header('accept-encoding'))
    : { file: reply.file, encoding: null };
  const headers = new Headers({
    'Content-Type': contentTypeFor(reply.file.path),
    'Cache-Control': reply.status === 404 ? 'no-cache' : cacheControlFor(reply.path),
    'X-Content-Type-Options': 'nosniff',
  });
  if (compressible) headers.set('Vary', 'Accept-Encoding');
  if (encoding) headers.set('Content-Encoding', encoding);
  if (reply.path === '/sw-custom.js') headers.set('Service-Worker-Allowed', '/');
  if (reply.fallback) headers.set('X-Robots-Tag', 'noindex');
  if (policy) headers.set('Content-Security-Policy', policy);
  const etag = etagOf(file, encoding);
  headers.set('ETag', etag);

  if (reply.status === 200 && matchesEtag(c.req.header('if-none-match'), etag)) {
    await file.handle.close();
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(file.stat.size));
  if (c.req.method === 'HEAD') {
    await file.handle.close();
    return new Response(null, { status: reply.status, headers });
  }
  if (file.stat.size <= BUFFER_LIMIT) {
    const body = await file.handle.readFile().finally(() => file.handle.close());
    return new Response(new Uint8Array(body), { status: reply.status, headers });
  }
  const stream = Readable.toWeb(file.handle.createReadStream()) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: reply.status, headers });
}

const NOT_BUILT = 'Site não disponível: nenhum site foi gerado ainda. / Site unavailable: no site has been built yet.';

/**
 * The host-aware static server: a Hono handler for `app.get('*', …)` /
 * `app.all('*', …)` after the API routes.
 *
 * - Site by `Host` (port stripped, lower-cased); anything not a plain host
 *   name, or a host with no built site, gets the fallback site.
 * - The site's symlink is resolved once per request, so a request never mixes
 *   two builds and sees a new build as soon as it is switched in.
 * - Paths are decoded and must stay inside the build folder (`..`, `%2e%2e`,
 *   `%2f` cannot escape).
 * - Precompressed `.br` / `.gz` siblings by `Accept-Encoding`, with `Vary`,
 *   `ETag` and 304s; hashed `/_astro/*` and uploaded `/uploads/*` immutable, HTML `no-cache`,
 *   `/sw-custom.js` `no-cache` with `Service-Worker-Allowed: /`.
 * - A missing path gets the site's 404 page (`/en/…` the English one) with 404.
 * - Pages carry a Content-Security-Policy made from the page itself
 *   (page-csp.ts: hashes of its inline scripts, the origins it was built to use)
 *   plus the inline scripts of every other page of the build, which a
 *   ClientRouter navigation brings into the same document.
 * - An unknown host gets the fallback site's assets with 200 and its pages
 *   (the "platform not found" preloader) with status 404 and
 *   `X-Robots-Tag: noindex`: browsers render the body, crawlers and monitors
 *   see that the host serves no platform.
 */
export function serveSites(opts: ServeSitesOptions): (c: Context) => Promise<Response> {
  const frameOrigins = opts.frameOrigins ?? [];
  return async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const url = new URL(c.req.url);
    const name = siteNameForHost(c.req.header('host') ?? url.host);
    const tenantRoot = name === null ? null : await resolveSiteRoot(opts.sitesDir, name);
    const root = tenantRoot ?? (await resolveSiteRoot(opts.sitesDir, FALLBACK_SITE));
    if (root === null) {
      return new Response(NOT_BUILT, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
    }
    const fallback = tenantRoot === null;
    const path = requestPath(url.pathname);
    const file = path === null ? null : await openFirst(root, candidatesFor(path));
    const isPage = file !== null && file.path.endsWith('.html');
    if (file && !(fallback && isPage)) {
      return respond(c, { file, path: path ?? '/', status: 200, fallback, root }, frameOrigins);
    }
    if (file) await file.handle.close();
    // `/sportsbook/a/b/c`: the route's one page answers (it reads the slug from the address).
    const catchAll = fallback || path === null ? null : await openFirst(root, catchAllCandidates(path));
    if (catchAll) return respond(c, { file: catchAll, path: path ?? '/', status: 200, fallback, root }, frameOrigins);
    const page = fallback
      ? await openFirst(root, path === '/' ? ['/index.html', '/404.html'] : ['/404.html', '/index.html'])
      : await openFirst(root, notFoundCandidates(path ?? '/'));
    if (page) return respond(c, { file: page, path: path ?? '/', status: 404, fallback, root }, frameOrigins);
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
  };
}
