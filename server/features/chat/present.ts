import type { ChatColorClass, ChatMessageView } from '../../../src/contract/chat.ts';
import { CHAT_COLOR_CLASSES } from '../../../src/contract/chat.ts';
import type { PrivacySettings } from '../../../src/contract/validation/profile.ts';
import { publicFirstName } from '../users/public-name.ts';
import type { chatMessages } from './schema.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * The name a player's messages carry: the first word of their name, as in
 * the public bet feed, or '' (shown as an anonymous player) when they hide
 * their username or everything in their privacy settings.
 */
export function chatDisplayName(name: string, settings: Partial<PrivacySettings> | null | undefined): string {
  if (settings?.hide_username || settings?.hide_all) return '';
  return publicFirstName(name);
}

const isColorClass = (value: string | null): value is ChatColorClass => value !== null && (CHAT_COLOR_CLASSES as readonly string[]).includes(value);

/** A stored message as the API shows it; `pinned` is judged at `now`. */
export function presentMessage(row: ChatMessageRow, now: Date): ChatMessageView {
  return {
    id: row.id,
    time: row.createdAt.toISOString(),
    type: row.type,
    user: row.userId === null ? null : { id: row.userId, name: row.userName === '' ? null : row.userName },
    text: row.text,
    mission: (row.mission as ChatMessageView['mission']) ?? null,
    colorClass: isColorClass(row.colorClass) ? row.colorClass : null,
    emoji: row.emoji,
    pinned_until: row.pinnedUntil?.toISOString() ?? null,
    pinned: row.pinnedUntil !== null && row.pinnedUntil.getTime() > now.getTime(),
    attachments: row.attachments.map((a) => ({ attachment_type: 'image', attachment_url: a.attachment_url })),
  };
}
