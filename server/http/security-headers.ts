import type { MiddlewareHandler } from 'hono';

/** Policy of API answers (JSON, never a document to render): nothing may load, nobody may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Powerful features no page of the platform uses, off for the pages and anything they embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()';

/** One year; no includeSubDomains: a tenant's other sub-domains are not ours to force onto https. */
export const HSTS = 'max-age=31536000';

/**
 * Whether the request reached us over https: its own URL, or the first
 * `X-Forwarded-Proto` value of the proxy in front. Trusting that header is
 * safe here because it only decides Strict-Transport-Security, which
 * browsers ignore on a plain-http answer (RFC 6797 §8.1): a faked header
 * gains nothing.
 */
function overHttps(url: string, forwardedProto: string | undefined): boolean {
  if (url.startsWith('https:')) return true;
  return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * Headers every answer carries (API, static sites, errors): nosniff,
 * Referrer-Policy, Permissions-Policy, HSTS over https, and, for `/api`
 * answers that set none of their own (uploads do), a CSP that forbids
 * everything. Site pages get their own CSP from server/sites/serve.ts;
 * other static files get none (a CSP on the service worker script would
 * govern the worker's own fetches).
 */
export function securityHeaders(apiBase: string): MiddlewareHandler {
  const apiPrefix = `${apiBase}/`;
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (overHttps(c.req.url, c.req.header('x-forwarded-proto'))) headers.set('Strict-Transport-Security', HSTS);
    const isApi = c.req.path === apiBase || c.req.path.startsWith(apiPrefix);
    if (isApi && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP);
    if (headers.get('Content-Security-Policy')?.includes("frame-ancestors 'self'")) headers.set('X-Frame-Options', 'SAMEORIGIN');
  };
}
