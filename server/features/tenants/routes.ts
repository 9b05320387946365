import { Hono } from 'hono';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { messageLocale, statusMessage } from '../../http/messages.ts';
import { resolveTenant } from '../../http/tenant.ts';
import { listCategories } from './categories.ts';
import { isInMaintenance } from './context.ts';
import { realtimeClientConfig } from './origin.ts';
import { sportsbookClientConfig } from '../sportsbook/brand.ts';

/**
 * `GET /site-config`: the tenant's site configuration as the site's
 * preloader and islands need it. The tenant comes from `?domain=` (the
 * same-origin call), else from Origin/Host (the platform call). It needs no
 * actor, so a stale session can never hide the site. A tenant in maintenance
 * answers 402 with just what the maintenance screen shows.
 */
export function siteConfigRoutes(deps: { db: Db; config: Config }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/site-config', resolveTenant(deps.db, { fromQuery: true }), (c) => {
    const tenant = c.get('tenant');
    const { config } = tenant;
    c.header('Cache-Control', 'no-store');
    if (isInMaintenance(tenant)) {
      return c.json(
        {
          message: statusMessage(402, messageLocale(c.req.header('accept-language'))),
          maintenance: true,
          systemExists: true,
          domain: tenant.domain,
          siteTitle: config.siteTitle,
          ogTitle: config.siteTitle,
          colors: config.colors,
          images: config.images,
          icons: config.icons,
        },
        402,
      );
    }
    return c.json({
      ...config,
      domain: tenant.domain,
      api_url: deps.config.publicApiUrl,
      realtime: realtimeClientConfig(deps.config, tenant.domain),
      sportsbook: sportsbookClientConfig(tenant, deps.config.sportsbook),
      ogTitle: config.siteTitle,
      systemExists: true,
      maintenance: false,
    });
  });
}

/**
 * `GET /categories` and `GET /settings/banners`. Mounted behind the tenant,
 * actor and open-tenant middleware (see server/app.ts).
 */
export function catalogueRoutes(deps: { db: Db }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/categories', async (c) => c.json({ data: await listCategories(deps.db, c.get('tenant').id) }))
    .get('/settings/banners', (c) => c.json({ data: c.get('tenant').config.banners }));
}
