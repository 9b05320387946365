import { Hono } from 'hono';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { NotFoundError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';
import { requireOperator } from '../operator/auth.ts';
import { type ChatDeps, chatClock } from './deps.ts';
import { listMessages } from './list-messages.ts';
import { MuteSchema, NoticeSchema } from './input.ts';
import { CHAT_KEYS } from './messages.ts';
import { chatImageStore } from './upload-image.ts';
import { activeMutes, deleteMessage, mutePlayer, postNotice, unmutePlayer } from './moderate.ts';

/** Messages the moderation screen shows: the room as players see it. */
const MODERATION_MESSAGES = 50;

/** A positive id from the path; anything else names nothing (404 with `message`). */
function pathId(raw: string, code: string, key: string): number {
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new NotFoundError(code, { message: localizedKey(key) });
  return id;
}

/**
 * Chat moderation under `/api/operator` (operator key, acting on the key's
 * tenant only):
 * - `GET /chat/messages` → 200 `{messages}` the room as players see it (pinned first, then the latest), for moderation
 * - `POST /chat/messages {text, pinned_until?, colorClass?, emoji?, mission?, attachments?}` → 201 `{message}`
 * - `DELETE /chat/messages/{id}` → 200 `{deleted: id}` (its uploaded images are no longer served)
 * - `GET /chat/mutes` → 200 `{mutes: [{user_id, name, muted_until, reason}]}` (running ones, soonest end first)
 * - `POST /chat/mutes {user_id, minutes, reason?}` → 200 `{user_id, muted_until}`
 * - `DELETE /chat/mutes/{userId}` → 200 `{user_id, muted_until: null}`
 */
export function chatOperatorRoutes(operatorDeps: ChatDeps & { dataDir?: string }): Hono<AppEnv> {
  // With the data folder, deleting a message also stops serving its uploaded images.
  const deps = { ...operatorDeps, ...(operatorDeps.dataDir ? { images: chatImageStore(operatorDeps.dataDir) } : {}) };
  const operator = requireOperator(deps.db);
  return new Hono<AppEnv>()
    .get('/chat/messages', operator, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ messages: await listMessages(deps.db, { tenantId: c.get('tenant').id, limit: MODERATION_MESSAGES, now: chatClock(deps) }) });
    })
    .post('/chat/messages', operator, async (c) => {
      const body = await readBody(c, NoticeSchema);
      const message = await postNotice(deps, c.get('tenant'), body);
      c.header('Cache-Control', 'no-store');
      return c.json({ message }, 201);
    })
    .delete('/chat/messages/:id', operator, async (c) => {
      const id = pathId(c.req.param('id'), 'chat_message_not_found', CHAT_KEYS.messageNotFound);
      await deleteMessage(deps, c.get('tenant'), id);
      c.header('Cache-Control', 'no-store');
      return c.json({ deleted: id });
    })
    .get('/chat/mutes', operator, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ mutes: await activeMutes(deps, c.get('tenant').id) });
    })
    .post('/chat/mutes', operator, async (c) => {
      const body = await readBody(c, MuteSchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await mutePlayer(deps, c.get('tenant').id, body));
    })
    .delete('/chat/mutes/:userId', operator, async (c) => {
      const userId = pathId(c.req.param('userId'), 'chat_player_not_found', CHAT_KEYS.playerNotFound);
      await unmutePlayer(deps, c.get('tenant').id, userId);
      c.header('Cache-Control', 'no-store');
      return c.json({ user_id: userId, muted_until: null });
    });
}
