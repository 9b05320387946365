import { Hono } from 'hono';
import * as v from 'valibot';
import type { ChatMessagesAnswer, PostChatMessageAnswer } from '../../../src/contract/chat.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { createDbRateLimiter } from '../rate-limit/limiter.ts';
import { type ChatDeps, chatClock } from './deps.ts';
import { LimitQuerySchema, PostMessageSchema } from './input.ts';
import { amountBet, listMessages } from './list-messages.ts';
import { postMessage } from './post-message.ts';

/**
 * The chat calls of spec section 7, mounted under `/api` behind the tenant
 * and actor middleware: anyone reads (`GET /chat/messages?limit=50`), only
 * players write (`POST /chat/messages {text, attachments}`, 401 otherwise).
 */
export function chatRoutes(routeDeps: ChatDeps): Hono<AppEnv> {
  // One limiter for the app's lifetime, so its periodic sweep of expired counters runs.
  const deps: ChatDeps = { ...routeDeps, limiter: routeDeps.limiter ?? createDbRateLimiter(routeDeps.db, () => chatClock(routeDeps)) };
  return new Hono<AppEnv>()
    .get('/chat/messages', async (c) => {
      const { limit } = v.parse(LimitQuerySchema, { limit: c.req.query('limit') });
      const tenantId = c.get('tenant').id;
      const actor = c.get('actor');
      const answer: ChatMessagesAnswer = {
        messages: await listMessages(deps.db, { tenantId, limit, now: chatClock(deps) }),
        amountBet: actor?.kind === 'user' ? await amountBet(deps.db, { tenantId, userId: actor.userId }) : 0,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    })
    .post('/chat/messages', requireUser, async (c) => {
      const body = await readBody(c, PostMessageSchema);
      const message = await postMessage(deps, { tenant: c.get('tenant'), actor: c.get('actor') }, body);
      return c.json({ message } satisfies PostChatMessageAnswer, 201);
    });
}
