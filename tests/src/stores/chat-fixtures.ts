import type { ChatMessageView } from '../../../src/contract/chat.ts';

/** A well-formed global chat message by Bia with text `m{id}`; `fields` override any part. */
export function chatMessage(id: number, fields: Partial<ChatMessageView> = {}): ChatMessageView {
  return {
    id,
    time: '2026-03-01T12:00:00.000Z',
    type: 'global',
    user: { id: 3, name: 'Bia' },
    text: `m${id}`,
    mission: null,
    colorClass: null,
    emoji: null,
    pinned_until: null,
    pinned: false,
    attachments: [],
    ...fields,
  };
}
