import { Hono } from 'hono';
import { messageLocale, statusMessage } from '../../http/messages.ts';
import { type CheckName, checkReadiness, type ReadinessDeps } from './checks.ts';

/**
 * `GET /health` (liveness: the process answers; no dependency is touched, so
 * a database outage never gets the node restarted) and `GET /ready`
 * (readiness: 200 when the node can serve, else 503 naming the failed
 * checks). Mounted before tenant resolution: they answer on any host.
 */
export function healthRoutes(deps: ReadinessDeps): Hono {
  const routes = new Hono();
  routes.get('/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  routes.get('/ready', async (c) => {
    const checks = await checkReadiness(deps);
    const failed = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] === 'failed');
    c.header('Cache-Control', 'no-store');
    if (failed.length === 0) return c.json({ status: 'ok', checks });
    c.header('Retry-After', '5');
    return c.json({ status: 'unavailable', message: statusMessage(503, messageLocale(c.req.header('accept-language'))), failed, checks }, 503);
  });
  return routes;
}
