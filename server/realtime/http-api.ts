import { Hono, type Context } from 'hono';
import type { Channel } from './channels/registry.ts';
import type { RealtimeHub } from './hub.ts';
import { parseBatch, parsePublishRequest, PublishRequestError, type PublishRequest } from './http-events.ts';
import { verifySignedRequest } from './http-auth.ts';

interface ApiEnv {
  Variables: { body: string };
}

/**
 * The Pusher HTTP API of one app, as the official server SDKs call it:
 * `POST /apps/{id}/events`, `POST /apps/{id}/batch_events`,
 * `GET /apps/{id}/channels`, `GET /apps/{id}/channels/{name}` and
 * `GET /apps/{id}/channels/{name}/users`. Every request must be signed
 * (401 otherwise); another app id is 404. Channel info covers this node only.
 */
export function httpApi(hub: RealtimeHub): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>().basePath('/apps/:appId');

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

  api.get('/channels', (c) => {
    const prefix = c.req.query('filter_by_prefix') ?? '';
    const withUserCount = infoFields(c).has('user_count');
    if (withUserCount && !prefix.startsWith('presence-')) return c.text('user_count needs filter_by_prefix=presence-', 400);
    const channels: Record<string, { user_count?: number }> = {};
    for (const channel of hub.channels.list(prefix)) channels[channel.name] = withUserCount ? { user_count: userCount(channel) } : {};
    return c.json({ channels });
  });

  api.get('/channels/:name', (c) => {
    const channel = hub.channels.get(c.req.param('name'));
    const info = infoFields(c);
    const body: { occupied: boolean; user_count?: number; subscription_count?: number } = { occupied: channel !== undefined };
    if (info.has('user_count')) body.user_count = channel ? userCount(channel) : 0;
    if (info.has('subscription_count')) body.subscription_count = channel?.subscribers.size ?? 0;
    return c.json(body);
  });

  api.get('/channels/:name/users', (c) => {
    const name = c.req.param('name');
    if (!name.startsWith('presence-')) return c.text('Users are only listed for presence channels', 400);
    const ids = hub.channels.get(name)?.roster?.snapshot().ids ?? [];
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

  return api;
}

function infoFields(c: Context): Set<string> {
  return new Set((c.req.query('info') ?? '').split(',').filter(Boolean));
}

function userCount(channel: Channel): number {
  return channel.roster?.count ?? 0;
}
