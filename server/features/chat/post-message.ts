import { and, eq, gt, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { CHAT_RATE_LIMITS, type ChatMessageView } from '../../../src/contract/chat.ts';
import type { Actor, TenantContext } from '../../http/context.ts';
import { ForbiddenError, UnauthorizedError } from '../../http/errors.ts';
import type { LocalizedText } from '../../http/messages.ts';
import { translate } from '../../http/translate.ts';
import { missionsOnChatMessage } from '../missions/progress.ts';
import { chatDisplayName } from '../users/public-name.ts';
import { users } from '../users/schema.ts';
import { type ChatDeps, chatClock, enforceRateLimits, type LimitedChatDeps } from './deps.ts';
import type { PostMessageSchema } from './input.ts';
import { CHAT_KEYS } from './messages.ts';
import { publishMessageSent } from './publish.ts';
import { presentMessage } from './present.ts';
import { chatMessages, chatMutes } from './schema.ts';

/** Rate-limit keys: per tenant and player, so nobody else's chatter counts. */
const chatRateKey = {
  burst: (tenantId: number, userId: number) => `chat-burst:${tenantId}:${userId}`,
  perMinute: (tenantId: number, userId: number) => `chat-minute:${tenantId}:${userId}`,
};

/** The end of a mute as players read it: Brasília time, in their language. */
function mutedUntilText(until: Date): LocalizedText {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(until);
  return {
    pt: translate('pt', CHAT_KEYS.muted, { until: format('pt-BR') }),
    en: translate('en', CHAT_KEYS.muted, { until: format('en-US') }),
  };
}

/** The end of the player's mute in this tenant, or null when they may write. */
async function activeMute(deps: ChatDeps, tenantId: number, userId: number, now: Date): Promise<Date | null> {
  const [mute] = await deps.db
    .select({ until: chatMutes.mutedUntil })
    .from(chatMutes)
    .where(and(eq(chatMutes.tenantId, tenantId), eq(chatMutes.userId, userId), gt(chatMutes.mutedUntil, sql`${now.toISOString()}::timestamptz`)))
    .limit(1);
  return mute?.until ?? null;
}

/**
 * Stores a player's message and announces it with `MessageSent` on the
 * tenant's public channel. The text is kept exactly as typed (trimmed):
 * plain text that every client renders as text, never as markup.
 * @throws UnauthorizedError (401) for guests; ForbiddenError (403,
 * `muted_until`) for a muted player; DomainError 429 (`retry_in`) past
 * 1 message / 2 s or 10 / minute.
 */
export async function postMessage(
  deps: LimitedChatDeps,
  ctx: { tenant: TenantContext; actor: Actor | null },
  input: v.InferOutput<typeof PostMessageSchema>,
): Promise<ChatMessageView> {
  if (ctx.actor?.kind !== 'user') throw new UnauthorizedError();
  const tenantId = ctx.tenant.id;
  const userId = ctx.actor.userId;
  const now = chatClock(deps);

  const mutedUntil = await activeMute(deps, tenantId, userId, now);
  if (mutedUntil) throw new ForbiddenError('chat_muted', { message: mutedUntilText(mutedUntil), details: { muted_until: mutedUntil.toISOString() } });

  await enforceRateLimits(deps.limiter, 'chat_rate_limited', [
    [chatRateKey.burst(tenantId, userId), CHAT_RATE_LIMITS.burst],
    [chatRateKey.perMinute(tenantId, userId), CHAT_RATE_LIMITS.perMinute],
  ]);

  const [author] = await deps.db
    .select({ name: users.name, settings: users.settings })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!author) throw new UnauthorizedError();

  // The message and the chat missions it counts for (missions/progress.ts) are stored together.
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        tenantId,
        userId,
        userName: chatDisplayName(author.name, author.settings),
        type: 'global',
        text: input.text,
        attachments: input.attachments,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('chat message insert returned no row');
    await missionsOnChatMessage(tx, { tenantId, userId });
    return inserted;
  });
  const view = presentMessage(row, now);
  await publishMessageSent(deps, ctx.tenant.id, view);
  return view;
}
