import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { CHAT_IMAGE_MAX_BYTES, type ChatMessagesAnswer, type PostChatAttachmentAnswer, type PostChatMessageAnswer } from '../../../src/contract/chat.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';
import { storedImageHeaders } from '../avatars/routes.ts';
import { createDbRateLimiter } from '../rate-limit/limiter.ts';
import { type ChatDeps, chatClock, type LimitedChatDeps } from './deps.ts';
import { LimitQuerySchema, PostMessageSchema } from './input.ts';
import { amountBet, listMessages } from './list-messages.ts';
import { CHAT_KEYS } from './messages.ts';
import { postMessage } from './post-message.ts';
import { CHAT_IMAGE_FIELD, type ChatImageDeps, chatImageStore, uploadChatImage } from './upload-image.ts';

/**
 * The chat routes' needs: the services' deps, the API base uploaded images'
 * URLs start with (PUBLIC_API_URL) and the data folder (DATA_DIR; tests give
 * a temporary one), whose `chat-images` folder keeps the images.
 */
export type ChatRouteDeps = ChatDeps & { apiBase: string; dataDir: string };

/**
 * The chat calls of spec section 7, mounted under `/api` behind the tenant
 * and actor middleware: anyone reads (`GET /chat/messages?limit=50`), only
 * players write (`POST /chat/messages {text, attachments}`, 401 otherwise)
 * and upload images for their messages (`POST /chat/attachments`, served
 * by `GET /chat/attachments/{file}` with the avatars' inert headers).
 */
export function chatRoutes(routeDeps: ChatRouteDeps): Hono<AppEnv> {
  // One limiter for the app's lifetime, so its periodic sweep of expired counters runs.
  const deps: LimitedChatDeps & ChatImageDeps = {
    ...routeDeps,
    limiter: routeDeps.limiter ?? createDbRateLimiter(routeDeps.db, () => chatClock(routeDeps)),
    images: chatImageStore(routeDeps.dataDir),
  };
  const upload = bodyLimit({
    // Room for the multipart envelope around a 2 MB file; the file size itself is checked exactly.
    maxSize: CHAT_IMAGE_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw new ValidationError({ [CHAT_IMAGE_FIELD]: [CHAT_KEYS.imageTooLarge] });
    },
  });
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
    })
    .post('/chat/attachments', requireUser, upload, async (c) => {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new BadRequestError('invalid_multipart');
      }
      const answer: PostChatAttachmentAnswer = await uploadChatImage(deps, { tenant: c.get('tenant'), actor: c.get('actor') }, form.get(CHAT_IMAGE_FIELD));
      return c.json(answer, 201);
    })
    .get('/chat/attachments/:file', async (c) => {
      const file = c.req.param('file');
      const found = await deps.images.read(file);
      if (!found) throw new NotFoundError('chat_image_not_found', { message: localizedKey(CHAT_KEYS.imageNotFound) });
      return c.body(new Uint8Array(found.bytes), 200, storedImageHeaders(file, found.contentType));
    });
}
