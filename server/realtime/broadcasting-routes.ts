import { Hono, type Context } from 'hono';
import type { Actor, AppEnv, TenantContext } from '../http/context.ts';
import { assertNoControlChars } from '../http/control-chars.ts';
import { BadRequestError, ForbiddenError } from '../http/errors.ts';
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

const MESSAGES = {
  unauthenticated: { pt: 'Não autenticado.', en: 'Unauthenticated.' },
  forbidden: { pt: 'Você não pode entrar neste canal.', en: 'Forbidden.' },
  channelFields: { pt: 'socket_id e channel_name são obrigatórios.', en: 'socket_id and channel_name are required.' },
  socketId: { pt: 'socket_id é obrigatório.', en: 'socket_id is required.' },
};

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
    if (!actor) throw new ForbiddenError('unauthenticated', { message: MESSAGES.unauthenticated });
    const fields = await readFields(c);
    const socketId = fields.socket_id;
    const channelName = fields.channel_name;
    if (!socketId || !SOCKET_ID.test(socketId) || !channelName) {
      throw new BadRequestError('channel_fields_required', { message: MESSAGES.channelFields });
    }
    if (!options.canJoin(actor, c.get('tenant'), channelName)) throw new ForbiddenError('channel_forbidden', { message: MESSAGES.forbidden });
    const presence = channelRules(channelName).presence ? { user_id: actorId(actor), user_info: memberInfo(actor) } : undefined;
    const signed = authorizeChannel({ secret: options.secret, key: options.key, socketId, channelName, ...(presence ? { presence } : {}) });
    return c.json(signed);
  });

  routes.post('/broadcasting/user-auth', async (c) => {
    const actor = c.get('actor');
    if (!actor) throw new ForbiddenError('unauthenticated', { message: MESSAGES.unauthenticated });
    const socketId = (await readFields(c)).socket_id;
    if (!socketId || !SOCKET_ID.test(socketId)) throw new BadRequestError('socket_id_required', { message: MESSAGES.socketId });
    const user = { id: actorId(actor), user_info: memberInfo(actor) };
    return c.json(authenticateUser({ secret: options.secret, key: options.key, socketId, user }));
  });

  return routes;
}

function memberInfo(actor: Actor): { name: string | null; kind: Actor['kind'] } {
  return { name: actor.kind === 'user' ? actor.name : null, kind: actor.kind };
}

/**
 * Reads string fields from a form-encoded, multipart or JSON body; anything unreadable is empty.
 * @throws DomainError (422) for a field holding control characters, as every body (../http/body.ts).
 */
async function readFields(c: Context<AppEnv>): Promise<Record<string, string | undefined>> {
  const type = c.req.header('content-type') ?? '';
  const fields: Record<string, string | undefined> = {};
  try {
    const body: Record<string, unknown> = type.includes('application/json') ? await c.req.json() : await c.req.parseBody();
    for (const [key, value] of Object.entries(body ?? {})) if (typeof value === 'string') fields[key] = value;
  } catch {
    return {};
  }
  assertNoControlChars(fields);
  return fields;
}
