import type { ChatColorClass, ChatMessageView } from '../../../src/contract/chat.ts';
import { CHAT_COLOR_CLASSES } from '../../../src/contract/chat.ts';
import type { chatMessages } from './schema.ts';

type ChatMessageRow = typeof chatMessages.$inferSelect;

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
