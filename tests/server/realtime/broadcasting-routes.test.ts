import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Actor, AppEnv } from '../../../server/http/context.ts';
import { createErrorHandler } from '../../../server/http/on-error.ts';
import { broadcastingRoutes, channelPolicy } from '../../../server/realtime/index.ts';
import { hmacHex } from '../../../server/realtime/signature.ts';
import { silentLog } from '../helpers/app.ts';
import { APP, guestActor, tenant, userActor } from './helpers.ts';

function app(actor: Actor | null): Hono<AppEnv> {
  const root = new Hono<AppEnv>();
  root.onError(createErrorHandler(silentLog));
  root.use(async (c, next) => {
    c.set('actor', actor);
    c.set('tenant', tenant(7));
    c.set('lmcp', null);
    await next();
  });
  root.route('/', broadcastingRoutes({ key: APP.key, secret: APP.secret, canJoin: channelPolicy }));
  return root;
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('POST /broadcasting/auth', () => {
  it('answers 403 with a message when there is no actor', async () => {
    const response = await app(null).request('/broadcasting/auth', form({ socket_id: '1.2', channel_name: 'private-universal.42' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toHaveProperty('message');
  });

  it('signs the actor private channel from a form body', async () => {
    const response = await app(userActor(42, 'Alice')).request('/broadcasting/auth', form({ socket_id: '1.2', channel_name: 'private-universal.42' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ auth: `${APP.key}:${hmacHex(APP.secret, '1.2:private-universal.42')}` });
  });

  it('accepts a JSON body and gives presence channel_data with the actor id and name', async () => {
    const response = await app(guestActor('guest-xyz')).request('/broadcasting/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ socket_id: '3.4', channel_name: 'presence-universal-public.7' }),
    });
    const body = (await response.json()) as { auth: string; channel_data: string };
    expect(JSON.parse(body.channel_data)).toEqual({ user_id: 'guest-xyz', user_info: { name: null, kind: 'guest' } });
    expect(body.auth).toBe(`${APP.key}:${hmacHex(APP.secret, `3.4:presence-universal-public.7:${body.channel_data}`)}`);
  });

  it('refuses a channel the policy refuses with 403, and a malformed request with 400', async () => {
    const forbidden = await app(userActor(42, 'Alice')).request('/broadcasting/auth', form({ socket_id: '1.2', channel_name: 'private-universal.43' }));
    expect(forbidden.status).toBe(403);
    const malformed = await app(userActor(42, 'Alice')).request('/broadcasting/auth', form({ socket_id: 'abc', channel_name: 'private-universal.42' }));
    expect(malformed.status).toBe(400);
  });

  // Found by the API fuzz suite: these answers were English whatever the caller's language.
  it('answers its refusals in the caller language', async () => {
    const ask = (actor: Actor | null, language: string, fields: Record<string, string>) => {
      const init = form(fields);
      return app(actor).request('/broadcasting/auth', { ...init, headers: { ...(init.headers as Record<string, string>), 'accept-language': language } });
    };
    expect(await (await ask(null, 'pt-BR', { socket_id: '1.2', channel_name: 'private-universal.42' })).json()).toEqual({ message: 'Não autenticado.' });
    expect(await (await ask(null, 'en', { socket_id: '1.2', channel_name: 'private-universal.42' })).json()).toEqual({ message: 'Unauthenticated.' });
    expect(await (await ask(userActor(42, 'Alice'), 'pt-BR', { socket_id: 'abc' })).json()).toEqual({ message: 'socket_id e channel_name são obrigatórios.' });
    expect(await (await ask(userActor(42, 'Alice'), 'pt-BR', { socket_id: '1.2', channel_name: 'private-universal.43' })).json()).toEqual({
      message: 'Você não pode entrar neste canal.',
    });
  });

  it('refuses control characters in its fields with 422', async () => {
    const answer = await app(userActor(42, 'Alice')).request('/broadcasting/auth', form({ socket_id: '1.2', channel_name: 'private-universal.42\u0000' }));
    expect(answer.status).toBe(422);
  });
});

describe('POST /broadcasting/user-auth', () => {
  it('signs user_data holding the actor id', async () => {
    const response = await app(userActor(42, 'Alice')).request('/broadcasting/user-auth', form({ socket_id: '5.6' }));
    const body = (await response.json()) as { auth: string; user_data: string };
    expect(JSON.parse(body.user_data)).toEqual({ id: '42', user_info: { name: 'Alice', kind: 'user' } });
    expect(body.auth).toBe(`${APP.key}:${hmacHex(APP.secret, `5.6::user::${body.user_data}`)}`);
  });

  it('answers 403 without an actor', async () => {
    expect((await app(null).request('/broadcasting/user-auth', form({ socket_id: '5.6' }))).status).toBe(403);
  });
});

describe('channelPolicy (spec section 7)', () => {
  const user = userActor(42, 'Alice');
  const guest = guestActor('guest-abc');
  const cases: Array<[Actor, string, boolean]> = [
    [user, 'universal-public.7', true],
    [user, 'presence-universal-public.7', true],
    [guest, 'presence-universal-public.7', true],
    [user, 'presence-universal-public.8', false],
    [user, 'private-universal.42', true],
    [user, 'private-universal.43', false],
    [guest, 'private-universal.guest-abc', true],
    [guest, 'private-universal.42', false],
    [user, 'private-encrypted-universal.42', false],
    [user, 'private-something-else', false],
  ];
  it.each(cases)('%o on %s → %s', (actor, channel, expected) => {
    expect(channelPolicy(actor, tenant(7), channel)).toBe(expected);
  });
});
