import { Hono, type Context } from 'hono';
import type { Actor, AppEnv, TenantContext } from '../http/context.ts';
import { actorId } from './channel-policy.ts';
import { channelRules } from './channels/kinds.ts';
import { authenticateUser, authorizeChannel } from './signature.ts';

export interface BroadcastingRoutesOptions {
  key: string;
  secret: string;
  /** Whether this actor of this tenant may subscribe to `channelName` (usually {@link channelPolicy}). */
  canJoin(actor: Actor, tenant: TenantContext, channelName: string): boolean;
}

const SOCKET_ID = /^\d+\.\d+$/;

/**
 * `POST /broadcasting/auth` and `POST /broadcasting/user-auth`, the endpoints
 * pusher-js and laravel-echo call (form-encoded `socket_id`, `channel_name`;
 * JSON accepted too). They rely on the platform middleware having set
 * `actor` and `tenant`. Answers: 200 `{auth, channel_data?}` / `{auth, user_data}`,
 * 400 for a malformed request, 403 `{message}` without an actor or for a refused
 * channel (the site shows its own localized text with the status code).
 *
 * Presence membership: `user_id` is the actor id (user id or guest id) and
 * `user_info` is `{ name, kind }`, `name` being null for guests.
 */
export function broadcastingRoutes(options: BroadcastingRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/broadcasting/auth', async (c) => {
    const actor = c.get('actor');
    if (!actor) return c.json({ message: 'Unauthenticated.' }, 403);
    const fields = await readFields(c);
    const socketId = fields.socket_id;
    const channelName = fields.channel_name;
    if (!socketId || !SOCKET_ID.test(socketId) || !channelName) {
      return c.json({ message: 'socket_id and channel_name are required.' }, 400);
    }
    if (!options.canJoin(actor, c.get('tenant'), channelName)) return c.json({ message: 'Forbidden.' }, 403);
    const presence = channelRules(channelName).presence ? { user_id: actorId(actor), user_info: memberInfo(actor) } : undefined;
    const signed = authorizeChannel({ secret: options.secret, key: options.key, socketId, channelName, ...(presence ? { presence } : {}) });
    return c.json(signed);
  });

  routes.post('/broadcasting/user-auth', async (c) => {
    const actor = c.get('actor');
    if (!actor) return c.json({ message: 'Unauthenticated.' }, 403);
    const socketId = (await readFields(c)).socket_id;
    if (!socketId || !SOCKET_ID.test(socketId)) return c.json({ message: 'socket_id is required.' }, 400);
    const user = { id: actorId(actor), user_info: memberInfo(actor) };
    return c.json(authenticateUser({ secret: options.secret, key: options.key, socketId, user }));
  });

  return routes;
}

function memberInfo(actor: Actor): { name: string | null; kind: Actor['kind'] } {
  return { name: actor.kind === 'user' ? actor.name : null, kind: actor.kind };
}

/** Reads string fields from a form-encoded, multipart or JSON body; anything unreadable is empty. */
async function readFields(c: Context<AppEnv>): Promise<Record<string, string | undefined>> {
  const type = c.req.header('content-type') ?? '';
  try {
    const body: Record<string, unknown> = type.includes('application/json') ? await c.req.json() : await c.req.parseBody();
    const fields: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value;
    return fields;
  } catch {
    return {};
  }
}
