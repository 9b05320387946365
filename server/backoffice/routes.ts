import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { NotFoundError } from '../http/errors.ts';
import { acceptsEncoding } from '../sites/index.ts';
import { type BackofficeBundle, bundleBackoffice } from './bundle.ts';

/** The back office at `/backoffice` on any host the platform answers (a tenant's domain or the platform's own). */
export const BACKOFFICE_PATH = '/backoffice';

/** Nothing but its own script, stylesheet and calls; the enrolment QR code is a data: image, a document under review a blob: one, a banner's preview may be an https: one; never framed. */
export const BACKOFFICE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

interface Asset {
  body: string;
  type: string;
  gzip: Uint8Array;
  br: Uint8Array;
}

interface Built {
  js: { name: string; asset: Asset };
  css: { name: string; asset: Asset };
  html: Asset;
}

function asset(body: string, type: string): Asset {
  return { body, type, gzip: gzipSync(body), br: brotliCompressSync(body) };
}

function hashed(ext: string, body: string): string {
  return `app.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;
}

function page(js: string, css: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Back office</title>
<link rel="stylesheet" href="${BACKOFFICE_PATH}/assets/${css}">
<script type="module" src="${BACKOFFICE_PATH}/assets/${js}"></script>
</head>
<body>
<div id="root"></div>
<noscript>O back office precisa de JavaScript. / The back office needs JavaScript.</noscript>
</body>
</html>
`;
}

function send(c: Context, a: Asset, cache: string): Response {
  c.header('Content-Type', a.type);
  c.header('Cache-Control', cache);
  c.header('Vary', 'Accept-Encoding');
  const accept = c.req.header('accept-encoding');
  if (acceptsEncoding(accept, 'br')) {
    c.header('Content-Encoding', 'br');
    return c.body(a.br as Uint8Array<ArrayBuffer>);
  }
  if (acceptsEncoding(accept, 'gzip')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(a.gzip as Uint8Array<ArrayBuffer>);
  }
  return c.body(a.body);
}

/**
 * Serves the back office: its page for every path under `/backoffice/`
 * (the app routes itself), and its script and stylesheet under content-hashed
 * names (cached for a year). Bundled on the first request (`bundle` is
 * replaceable for tests).
 */
export function backofficeRoutes(opts: { bundle?: () => Promise<BackofficeBundle> } = {}): Hono {
  let built: Promise<Built> | null = null;
  const load = () => {
    built ??= (opts.bundle ?? bundleBackoffice)().then(({ js, css }) => {
      const jsName = hashed('js', js);
      const cssName = hashed('css', css);
      return { js: { name: jsName, asset: asset(js, 'text/javascript; charset=utf-8') }, css: { name: cssName, asset: asset(css, 'text/css; charset=utf-8') }, html: asset(page(jsName, cssName), 'text/html; charset=utf-8') };
    });
    // A failed bundle is tried again at the next request instead of being remembered.
    built.catch(() => {
      built = null;
    });
    return built;
  };
  return new Hono()
    .get('/', (c) => c.redirect(`${BACKOFFICE_PATH}/`, 308))
    .get('/assets/:name', async (c) => {
      const b = await load();
      const name = c.req.param('name');
      const found = name === b.js.name ? b.js.asset : name === b.css.name ? b.css.asset : null;
      if (!found) throw new NotFoundError('backoffice_asset_not_found');
      return send(c, found, 'public, max-age=31536000, immutable');
    })
    .get('/*', async (c) => {
      const b = await load();
      c.header('Content-Security-Policy', BACKOFFICE_CSP);
      c.header('X-Frame-Options', 'DENY');
      return send(c, b.html, 'no-cache');
    });
}
