import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { securityHeaders } from '../http/security-headers.ts';
import type { RealtimeHub } from './hub.ts';
import { parseBatch, parsePublishRequest, PublishRequestError, type PublishRequest } from './http-events.ts';
import { verifySignedRequest } from './http-auth.ts';

interface ApiEnv {
  Variables: { body: string };
}

/**
 * Largest body read before the signature is checked: a full batch (10
 * events of 10 KB data, JSON-escaped, each naming up to 100 channels) fits.
 */
export const HTTP_API_BODY_LIMIT = 1024 * 1024;

/**
 * The Pusher HTTP API of one app, as the official server SDKs call it:
 * `POST /apps/{id}/events`, `POST /apps/{id}/batch_events`,
 * `GET /apps/{id}/channels`, `GET /apps/{id}/channels/{name}` and
 * `GET /apps/{id}/channels/{name}/users`. Every request must be signed
 * (401 otherwise); another app id is 404. Channel info comes from the
 * adapter, so with Redis it counts the subscribers and members of all nodes.
 * Answers carry nosniff and a deny-all CSP like the platform's API.
 */
export function httpApi(hub: RealtimeHub): Hono<ApiEnv> {
  // Every answer of this port (the signed API, its refusals, unknown paths) gets the platform's security headers; none is a page.
  const root = new Hono<ApiEnv>().use(securityHeaders(''));
  const api = new Hono<ApiEnv>().basePath('/apps/:appId');

  // Anyone can reach this port: an unsigned body is refused before it is held whole.
  api.use(bodyLimit({ maxSize: HTTP_API_BODY_LIMIT, onError: (c) => c.text('Request body too large', 413) }));
  api.use(async (c, next) => {
    if (c.req.param('appId') !== hub.config.appId) return c.text('Unknown app', 404);
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    const request = { method: c.req.method, path: c.req.path, query: new URL(c.req.url).searchParams, body };
    const refusal = verifySignedRequest(request, hub.config);
    if (refusal !== null) return c.text(refusal, 401);
    c.set('body', body);
    await next();
  });

  api.post('/events', (c) => publishAll(c, (json) => [parsePublishRequest(json)]));
  api.post('/batch_events', (c) => publishAll(c, parseBatch));

  api.get('/channels', async (c) => {
    const prefix = c.req.query('filter_by_prefix') ?? '';
    const withUserCount = infoFields(c).has('user_count');
    if (withUserCount && !prefix.startsWith('presence-')) return c.text('user_count needs filter_by_prefix=presence-', 400);
    const names = [...(await hub.adapter.subscriptionCounts()).keys()].filter((name) => name.startsWith(prefix));
    const entries = await Promise.all(
      names.map(async (name) => [name, withUserCount ? { user_count: (await hub.adapter.presence(name)).count } : {}] as const),
    );
    const channels: Record<string, { user_count?: number }> = Object.fromEntries(entries);
    return c.json({ channels });
  });

  api.get('/channels/:name', async (c) => {
    const name = c.req.param('name');
    const subscriptions = (await hub.adapter.subscriptionCounts()).get(name) ?? 0;
    const info = infoFields(c);
    const body: { occupied: boolean; user_count?: number; subscription_count?: number } = { occupied: subscriptions > 0 };
    if (info.has('user_count')) body.user_count = name.startsWith('presence-') ? (await hub.adapter.presence(name)).count : 0;
    if (info.has('subscription_count')) body.subscription_count = subscriptions;
    return c.json(body);
  });

  api.get('/channels/:name/users', async (c) => {
    const name = c.req.param('name');
    if (!name.startsWith('presence-')) return c.text('Users are only listed for presence channels', 400);
    const { ids } = await hub.adapter.presence(name);
    return c.json({ users: ids.map((id) => ({ id })) });
  });

  async function publishAll(c: Context<ApiEnv>, parse: (json: unknown) => PublishRequest[]): Promise<Response> {
    let events: PublishRequest[];
    try {
      events = parse(JSON.parse(c.get('body')));
    } catch (error) {
      if (error instanceof PublishRequestError) return c.text(error.message, error.status);
      return c.text('The body must be JSON', 400);
    }
    await Promise.all(events.map((event) => hub.publish(event.channels, event.name, event.data, event.socketId)));
    return c.json({});
  }

  return root.route('/', api);
}

function infoFields(c: Context): Set<string> {
  return new Set((c.req.query('info') ?? '').split(',').filter(Boolean));
}
