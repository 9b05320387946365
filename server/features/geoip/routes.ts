import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { countryFromHeader } from './country.ts';

/** `GET /geoip`: the visitor's country as the CDN saw it; needs no tenant. */
export function geoipRoutes(opts: { countryHeader: string }): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/geoip', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', opts.countryHeader);
    return c.json(countryFromHeader(c.req.header(opts.countryHeader)));
  });
}
