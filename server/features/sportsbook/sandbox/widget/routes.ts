import { Hono } from 'hono';
import { widgetAssets } from './assets.ts';

/**
 * The sandbox sportsbook's browser script, mounted by the sandbox's routes
 * under `/sandbox-sportsbook` (`app.route('/', widgetRoutes())` there):
 * - `GET /renderer.js`: the `BTRenderer` script at the fixed address tenants
 *   configure (as BetBy's `bt-renderer.min.js`): `no-cache` with a strong
 *   ETag, so a browser keeps it and revalidates with a 304;
 * - `GET /assets/renderer.<hash>.css`: its stylesheet, content-hashed, cached
 *   for good.
 * Both may be loaded by any tenant's site (`Cross-Origin-Resource-Policy:
 * cross-origin`) since the sandbox may live on another origin than the site.
 */
export function widgetRoutes(): Hono {
  return new Hono()
    .get('/renderer.js', async (c) => {
      const assets = await widgetAssets();
      c.header('Cache-Control', 'no-cache');
      c.header('ETag', assets.jsEtag);
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Content-Type-Options', 'nosniff');
      if ((c.req.header('if-none-match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === assets.jsEtag)) return c.body(null, 304);
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(assets.js);
    })
    .get('/assets/:file', async (c) => {
      const assets = await widgetAssets();
      if (c.req.param('file') !== assets.cssFile) {
        c.header('Cache-Control', 'no-cache');
        const english = /^\s*en\b/i.test(c.req.query('lang') ?? c.req.header('accept-language') ?? '');
        return c.json({ status: 'refused', code: 'not_found', message: english ? 'File not found.' : 'Arquivo não encontrado.' }, 404);
      }
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Type', 'text/css; charset=utf-8');
      return c.body(assets.css);
    });
}
