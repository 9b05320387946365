import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { ChatMessageView } from '../../../src/contract/chat.ts';
import type { TenantContext } from '../../http/context.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { localizedKey } from '../../http/translate.ts';
import type { AvatarStore } from '../avatars/store.ts';
import { chatMissionField } from '../missions/chat-mission.ts';
import { users } from '../users/schema.ts';
import { type ChatDeps, chatClock } from './deps.ts';
import type { MuteSchema, NoticeSchema } from './input.ts';
import { CHAT_KEYS } from './messages.ts';
import { publishMessageSent } from './publish.ts';
import { presentMessage } from './present.ts';
import { type ChatAttachmentRow, chatMessages, chatMutes } from './schema.ts';
import { chatImageFile } from './upload-image.ts';

/** Who an operator moderation act is recorded as (`chat_messages.deleted_by`). */
const OPERATOR_ACTOR = 'operator';

/**
 * Deletes a message of the tenant: the row keeps `deleted_at`/`deleted_by`
 * and is never listed again; `MessageSent {id, deleted: true}` tells open
 * panels to drop it.
 * @throws NotFoundError (404) when the message is not the tenant's or is already deleted.
 */
export async function deleteMessage(deps: ChatDeps & { images?: AvatarStore }, tenant: TenantContext, messageId: number): Promise<void> {
  const [row] = await deps.db
    .update(chatMessages)
    .set({ deletedAt: chatClock(deps), deletedBy: OPERATOR_ACTOR })
    .where(and(eq(chatMessages.tenantId, tenant.id), eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id, attachments: chatMessages.attachments });
  if (!row) throw new NotFoundError('chat_message_not_found', { message: localizedKey(CHAT_KEYS.messageNotFound) });
  await publishMessageSent(deps, tenant.id, { id: row.id, deleted: true });
  if (deps.images) await removeOrphanImages(deps, deps.images, row.attachments);
}

/**
 * A deleted message's uploaded images stop being served (an abusive image
 * must not stay reachable by its URL), unless another live message shows
 * the same image. Other attachments (external URLs) are not ours to remove.
 */
async function removeOrphanImages(deps: ChatDeps, images: AvatarStore, attachments: ChatAttachmentRow[]): Promise<void> {
  for (const { attachment_url: url } of attachments) {
    const file = chatImageFile(url);
    if (!file) continue;
    const [stillShown] = await deps.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(isNull(chatMessages.deletedAt), sql`${chatMessages.attachments} @> ${JSON.stringify([{ attachment_url: url }])}::jsonb`))
      .limit(1);
    if (!stillShown) await images.remove(file).catch((error: unknown) => deps.log.warn(`chat: image ${file} not removed`, error));
  }
}

async function requirePlayer(deps: ChatDeps, tenantId: number, userId: number): Promise<void> {
  const [player] = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId))).limit(1);
  if (!player) throw new NotFoundError('chat_player_not_found', { message: localizedKey(CHAT_KEYS.playerNotFound) });
}

/**
 * Mutes a player of the tenant for `minutes` from now (a new mute replaces
 * an older one, shorter or longer).
 * @throws NotFoundError (404) when the player is not the tenant's.
 */
export async function mutePlayer(deps: ChatDeps, tenantId: number, input: v.InferOutput<typeof MuteSchema>): Promise<{ user_id: number; muted_until: string }> {
  await requirePlayer(deps, tenantId, input.user_id);
  const mutedUntil = new Date(chatClock(deps).getTime() + input.minutes * 60_000);
  const reason = input.reason || null;
  await deps.db
    .insert(chatMutes)
    .values({ tenantId, userId: input.user_id, mutedUntil, reason })
    .onConflictDoUpdate({ target: [chatMutes.tenantId, chatMutes.userId], set: { mutedUntil, reason } });
  return { user_id: input.user_id, muted_until: mutedUntil.toISOString() };
}

/** A mute still running, as the operator sees it. */
export interface ActiveMute {
  user_id: number;
  name: string;
  muted_until: string;
  reason: string | null;
}

/** The tenant's mutes still running, the soonest to end first (expired ones are not listed). */
export async function activeMutes(deps: ChatDeps, tenantId: number): Promise<ActiveMute[]> {
  const rows = await deps.db
    .select({ userId: chatMutes.userId, name: users.name, mutedUntil: chatMutes.mutedUntil, reason: chatMutes.reason })
    .from(chatMutes)
    .innerJoin(users, eq(users.id, chatMutes.userId))
    .where(and(eq(chatMutes.tenantId, tenantId), gt(chatMutes.mutedUntil, chatClock(deps))))
    .orderBy(asc(chatMutes.mutedUntil));
  return rows.map((r) => ({ user_id: r.userId, name: r.name, muted_until: r.mutedUntil.toISOString(), reason: r.reason }));
}

/**
 * Lifts a player's mute (nothing to lift is fine).
 * @throws NotFoundError (404) when the player is not the tenant's.
 */
export async function unmutePlayer(deps: ChatDeps, tenantId: number, userId: number): Promise<void> {
  await requirePlayer(deps, tenantId, userId);
  await deps.db.delete(chatMutes).where(and(eq(chatMutes.tenantId, tenantId), eq(chatMutes.userId, userId)));
}

/**
 * Posts an operator notice: `pinned` on top of every panel until
 * `pinned_until` when given, else `others`. Announced like any message.
 * @throws ValidationError (422) when `pinned_until` is not in the future.
 */
export async function postNotice(deps: ChatDeps, tenant: TenantContext, input: v.InferOutput<typeof NoticeSchema>): Promise<ChatMessageView> {
  const now = chatClock(deps);
  const pinnedUntil = input.pinned_until ? new Date(input.pinned_until) : null;
  if (pinnedUntil && pinnedUntil.getTime() <= now.getTime()) throw new ValidationError({ pinned_until: [CHAT_KEYS.pinnedPast] });
  // A mission players may accept from the chat must be one of the tenant's (missions/chat-mission.ts).
  const mission = input.mission ? await chatMissionField(deps.db, tenant.id, input.mission) : null;
  const [row] = await deps.db
    .insert(chatMessages)
    .values({
      tenantId: tenant.id,
      userId: null,
      userName: '',
      type: pinnedUntil ? 'pinned' : 'others',
      text: input.text,
      mission,
      colorClass: input.colorClass ?? null,
      emoji: input.emoji ?? null,
      pinnedUntil,
      attachments: input.attachments,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('chat notice insert returned no row');
  const view = presentMessage(row, now);
  await publishMessageSent(deps, tenant.id, view);
  return view;
}
