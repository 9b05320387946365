import type { APIRoute } from 'astro';
import { getBundle } from '../tenant/bundle.ts';

/**
 * `/robots.txt`: a tenant's site points crawlers at its own sitemap; the
 * fallback build (unknown hosts) asks not to be indexed at all.
 */
export const GET: APIRoute = () => {
  const bundle = getBundle();
  const body = bundle
    ? `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', bundle.origin).href}\n`
    : 'User-agent: *\nDisallow: /\n';
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
