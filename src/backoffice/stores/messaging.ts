import type { ChatMessageView } from '../../contract/chat.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { act, loader, resource } from './resource.ts';

export interface NotificationDraft {
  /** A player's number, or '' for every player (a global notice). */
  userId: string;
  title: { pt: string; en: string };
  message: { pt: string; en: string };
  url: string;
}

export function sendNotification(draft: NotificationDraft): Promise<boolean> {
  const userId = draft.userId.trim() === '' ? null : Number(draft.userId);
  const body = { user_id: userId, title: draft.title, message: draft.message, ...(draft.url.trim() ? { url: draft.url.trim() } : {}) };
  return act(() => call('/operator/notifications', { method: 'POST', body }), userId === null ? t('notifications.sentAll') : t('notifications.sentOne', { id: userId }));
}

export interface Mute {
  user_id: number;
  name: string | null;
  muted_until: string;
  reason: string | null;
}

export const $chat = resource<{ messages: ChatMessageView[]; mutes: Mute[] }>();
const load = loader($chat);

export function loadChat(): Promise<void> {
  return load(async () => {
    const [{ messages }, { mutes }] = await Promise.all([call<{ messages: ChatMessageView[] }>('/operator/chat/messages'), call<{ mutes: Mute[] }>('/operator/chat/mutes')]);
    return { messages: [...messages].reverse(), mutes };
  });
}

export async function postNotice(text: string, pinnedHours: number): Promise<boolean> {
  const pinned = pinnedHours > 0 ? { pinned_until: new Date(Date.now() + pinnedHours * 3_600_000).toISOString() } : {};
  const ok = await act(() => call('/operator/chat/messages', { method: 'POST', body: { text, attachments: [], ...pinned } }), t('chat.noticePosted'));
  await loadChat();
  return ok;
}

export async function deleteChatMessage(id: number): Promise<void> {
  await act(() => call(`/operator/chat/messages/${id}`, { method: 'DELETE' }), t('chat.deleted', { id }));
  await loadChat();
}

export async function mute(userId: number, minutes: number, reason: string): Promise<void> {
  await act(() => call('/operator/chat/mutes', { method: 'POST', body: { user_id: userId, minutes, ...(reason ? { reason } : {}) } }), t('chat.muted', { id: userId }));
  await loadChat();
}

export async function unmute(userId: number): Promise<void> {
  await act(() => call(`/operator/chat/mutes/${userId}`, { method: 'DELETE' }), t('chat.unmuted', { id: userId }));
  await loadChat();
}
