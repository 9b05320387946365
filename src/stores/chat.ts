import { atom, computed } from 'nanostores';
import {
  CHAT_ATTACHMENT_TYPES,
  CHAT_COLOR_CLASSES,
  CHAT_FETCH_LIMIT,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_KEEP_MAX,
  CHAT_MESSAGE_TYPES,
  CHAT_TEXT_MAX,
  type ChatAttachment,
  type ChatColorClass,
  type ChatMessagesAnswer,
  type ChatMessageView,
  chatTextLength,
  isSafeChatImageUrl,
  type PostChatAttachmentAnswer,
  type PostChatMessageAnswer,
} from '../contract/chat.ts';
import { RealtimeEvent } from '../contract/realtime.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { onPublicEvent } from '../lib/realtime/public-channel.ts';
import { $session } from './session.ts';

/**
 * The global chat panel (spec: "global chat panel opened by name"): loads
 * the 50 newest messages on open, appends live `MessageSent` events of the
 * tenant's public channel (one entry per id, at most 100 kept), keeps
 * messages pinned on top until their `pinned_until` passes, and sends the
 * player's messages, with an image uploaded beforehand when they attach one.
 * Guests read and are invited to log in.
 */

export type ChatLoadState = { status: 'idle' } | { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: Message };
export type ChatSendState = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; message: Message };
export type ChatUploadState = { status: 'idle' } | { status: 'uploading' } | { status: 'failed'; message: Message };

export const $chatOpen = atom(false);
export const $chatLoad = atom<ChatLoadState>({ status: 'idle' });
/** Every kept message, by id (posting order). */
export const $chatMessages = atom<ChatMessageView[]>([]);
/** The reader's total real-money stakes in centavos (0 for guests). */
export const $chatAmountBet = atom(0);
export const $chatDraft = atom('');
export const $chatSend = atom<ChatSendState>({ status: 'idle' });
/** The image uploaded for the next message (one per message from the composer), or null. */
export const $chatAttachment = atom<ChatAttachment | null>(null);
export const $chatUpload = atom<ChatUploadState>({ status: 'idle' });
/** Moves when a pin expires, so the pinned/other split is judged again. */
const $pinClock = atom(Date.now());

/** Only players write; guests get the "log in to chat" prompt. */
export const $chatCanWrite = computed($session, (session) => session.status === 'user');

/** What the panel shows: messages pinned until a future time on top, the others in posting order. */
export const $chatView = computed([$chatMessages, $pinClock], (messages, now) => {
  const pinned: ChatMessageView[] = [];
  const others: ChatMessageView[] = [];
  for (const message of messages) (isPinnedAt(message, now) ? pinned : others).push(message);
  return { pinned, others };
});

function isPinnedAt(message: ChatMessageView, now: number): boolean {
  return message.pinned_until !== null && Date.parse(message.pinned_until) > now;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isColorClass = (value: unknown): value is ChatColorClass => typeof value === 'string' && (CHAT_COLOR_CLASSES as readonly string[]).includes(value);

/**
 * A message payload (API answer or `MessageSent`) when it is well formed,
 * else null. Unknown colours become none; attachments that are not safe
 * images are dropped, whatever the platform sent.
 */
export function chatMessageOf(payload: unknown): ChatMessageView | null {
  if (!isRecord(payload)) return null;
  const p = payload;
  if (typeof p.id !== 'number' || !Number.isSafeInteger(p.id) || typeof p.text !== 'string' || typeof p.time !== 'string') return null;
  if (!(CHAT_MESSAGE_TYPES as readonly unknown[]).includes(p.type)) return null;
  let user: ChatMessageView['user'] = null;
  if (isRecord(p.user)) {
    if (typeof p.user.id !== 'number') return null;
    user = { id: p.user.id, name: typeof p.user.name === 'string' && p.user.name !== '' ? p.user.name : null };
  }
  const pinnedUntil = typeof p.pinned_until === 'string' && !Number.isNaN(Date.parse(p.pinned_until)) ? p.pinned_until : null;
  const attachments = Array.isArray(p.attachments)
    ? p.attachments.filter(
        (a): a is ChatMessageView['attachments'][number] =>
          isRecord(a) && (CHAT_ATTACHMENT_TYPES as readonly unknown[]).includes(a.attachment_type) && typeof a.attachment_url === 'string' && isSafeChatImageUrl(a.attachment_url),
      )
    : [];
  const mission = isRecord(p.mission) ? (Object.fromEntries(Object.entries(p.mission).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))) as ChatMessageView['mission']) : null;
  return {
    id: p.id,
    time: p.time,
    type: p.type as ChatMessageView['type'],
    user,
    text: p.text,
    mission,
    colorClass: isColorClass(p.colorClass) ? p.colorClass : null,
    emoji: typeof p.emoji === 'string' && p.emoji !== '' ? p.emoji : null,
    pinned_until: pinnedUntil,
    pinned: pinnedUntil !== null && Date.parse(pinnedUntil) > Date.now(),
    attachments: attachments.map((a) => ({ attachment_type: a.attachment_type, attachment_url: a.attachment_url })),
  };
}

let pinTimer: ReturnType<typeof setTimeout> | null = null;

/** Wakes `$pinClock` when the next pin expires (timers cap at ~24 days; re-armed then). */
function armPinTimer(): void {
  if (pinTimer) clearTimeout(pinTimer);
  pinTimer = null;
  const now = Date.now();
  const next = Math.min(...$chatMessages.get().map((m) => (m.pinned_until ? Date.parse(m.pinned_until) : Infinity)).filter((t) => t > now));
  if (!Number.isFinite(next)) return;
  pinTimer = setTimeout(() => {
    $pinClock.set(Date.now());
    armPinTimer();
  }, Math.min(next - now + 50, 2_000_000_000));
}

/**
 * Merges messages into the kept list: one entry per id (a later copy
 * replaces an earlier one), ordered by id, the oldest dropped past 100 —
 * except messages still pinned, which stay until their pin expires.
 */
function keep(incoming: ChatMessageView[]): void {
  const byId = new Map($chatMessages.get().map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  const list = [...byId.values()].sort((a, b) => a.id - b.id);
  const now = Date.now();
  while (list.length > CHAT_KEEP_MAX) {
    const oldest = list.findIndex((m) => !isPinnedAt(m, now));
    if (oldest === -1) break;
    list.splice(oldest, 1);
  }
  $chatMessages.set(list);
  $pinClock.set(now);
  armPinTimer();
}

/** Handles one `MessageSent` payload: a new or edited message, or a deletion tombstone `{id, deleted: true}`. */
export function receiveMessageSent(payload: unknown): void {
  if (isRecord(payload) && payload.deleted === true && typeof payload.id === 'number') {
    $chatMessages.set($chatMessages.get().filter((m) => m.id !== payload.id));
    return;
  }
  const message = chatMessageOf(payload);
  if (message) keep([message]);
}

/** The message to show for a failed call: the platform's own words when it gave some, else `fallbackKey`. */
function failure(error: unknown, fallbackKey: string): Message {
  if (error instanceof ApiError) {
    // A muted player gets the platform's own sentence, which names until when
    // (the catalogue's 403 text would not); 403 is silent in the page's error list.
    const body = error.data as { message?: unknown; muted_until?: unknown } | null;
    if (error.status === 403 && typeof body?.muted_until === 'string' && typeof body.message === 'string') return textMessage(body.message);
    const field = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    const text = field ?? error.messages[0];
    if (text) return textMessage(text);
  }
  return keyMessage(fallbackKey);
}

let loadRun = 0;

/** Loads the 50 newest messages (merged with live ones that arrived meanwhile) and the reader's `amountBet`. */
export async function loadChat(): Promise<void> {
  const run = ++loadRun;
  $chatLoad.set({ status: 'loading' });
  try {
    const answer = await api.get<ChatMessagesAnswer>('/chat/messages', { limit: CHAT_FETCH_LIMIT });
    if (run !== loadRun) return;
    const messages = (Array.isArray(answer.messages) ? answer.messages : []).map(chatMessageOf).filter((m): m is ChatMessageView => m !== null);
    // A reload replaces what was kept (messages deleted meanwhile must go), but
    // keeps live messages newer than the answer: they arrived while it loaded.
    const newest = Math.max(0, ...messages.map((m) => m.id));
    const arrived = $chatMessages.get().filter((m) => m.id > newest);
    $chatMessages.set([]);
    keep([...messages, ...arrived]);
    $chatAmountBet.set(typeof answer.amountBet === 'number' && answer.amountBet >= 0 ? answer.amountBet : 0);
    $chatLoad.set({ status: 'ready' });
  } catch (error) {
    if (run !== loadRun) return;
    $chatLoad.set({ status: 'failed', message: failure(error, 'chat.panel.loadFailed') });
  }
}

let stopLive: (() => void) | null = null;

/** Opens the panel: loads the newest messages and listens for live ones while open. */
export function openChat(): void {
  if ($chatOpen.get()) return;
  $chatOpen.set(true);
  stopLive ??= onPublicEvent(RealtimeEvent.MessageSent, receiveMessageSent);
  void loadChat();
}

/** Closes the panel and stops listening (the next open loads afresh). */
export function closeChat(): void {
  $chatOpen.set(false);
  stopLive?.();
  stopLive = null;
  if (pinTimer) clearTimeout(pinTimer);
  pinTimer = null;
}

export function setChatDraft(text: string): void {
  $chatDraft.set(text);
  if ($chatSend.get().status === 'failed') $chatSend.set({ status: 'idle' });
}

/** The draft's problem before sending (empty without an image, or too long), or null. */
export function draftProblem(text: string, hasAttachment = false): Message | null {
  const trimmed = text.trim();
  if (trimmed === '' && !hasAttachment) return keyMessage('chat.panel.emptyText');
  if (chatTextLength(trimmed) > CHAT_TEXT_MAX) return keyMessage('chat.panel.tooLong', { max: CHAT_TEXT_MAX });
  return null;
}

/** Why a picked file cannot be attached (not png/jpeg/gif/webp, or over 2 MB), or null. The platform checks the bytes again. */
export function chatImageProblem(file: File): Message | null {
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return keyMessage('chat.panel.imageType');
  if (file.size > CHAT_IMAGE_MAX_BYTES) return keyMessage('chat.panel.imageTooLarge', { max: CHAT_IMAGE_MAX_BYTES / (1024 * 1024) });
  return null;
}

let uploadRun = 0;

/**
 * Uploads a picked image (`POST /chat/attachments`, multipart field
 * `image`) and holds it for the next message. While it uploads the
 * composer cannot send; a failure leaves no attachment and `$chatUpload`
 * holds the reason (the platform's words for 422 and 429). Picking again
 * or removing meanwhile makes the older upload's answer be ignored.
 */
export async function attachChatImage(file: File): Promise<boolean> {
  if (!$chatCanWrite.get()) return false;
  const run = ++uploadRun;
  $chatAttachment.set(null);
  const problem = chatImageProblem(file);
  if (problem) {
    $chatUpload.set({ status: 'failed', message: problem });
    return false;
  }
  $chatUpload.set({ status: 'uploading' });
  const form = new FormData();
  form.append('image', file);
  try {
    const answer = await api.post<PostChatAttachmentAnswer>('/chat/attachments', form);
    if (run !== uploadRun) return false;
    if (answer?.attachment_type !== 'image' || typeof answer.attachment_url !== 'string' || !isSafeChatImageUrl(answer.attachment_url)) {
      $chatUpload.set({ status: 'failed', message: keyMessage('chat.panel.uploadFailed') });
      return false;
    }
    $chatAttachment.set({ attachment_type: 'image', attachment_url: answer.attachment_url });
    $chatUpload.set({ status: 'idle' });
    return true;
  } catch (error) {
    if (run !== uploadRun) return false;
    $chatUpload.set({ status: 'failed', message: failure(error, 'chat.panel.uploadFailed') });
    return false;
  }
}

/** Drops the attached image (and any upload still running) from the next message. */
export function removeChatAttachment(): void {
  uploadRun++;
  $chatAttachment.set(null);
  $chatUpload.set({ status: 'idle' });
}

/**
 * Sends the draft, with the attached image if any, as the player's
 * message. On success the message joins the list at once (its live echo
 * is recognised by id) and the draft and image clear; on failure they stay
 * and `$chatSend` holds the reason (the platform's words for 403 mute, 422
 * and 429). Guests cannot send, nor anyone while an image uploads.
 */
export async function sendChatMessage(): Promise<boolean> {
  if (!$chatCanWrite.get() || $chatSend.get().status === 'sending' || $chatUpload.get().status === 'uploading') return false;
  const draft = $chatDraft.get();
  const attachment = $chatAttachment.get();
  const problem = draftProblem(draft, attachment !== null);
  if (problem) {
    $chatSend.set({ status: 'failed', message: problem });
    return false;
  }
  $chatSend.set({ status: 'sending' });
  try {
    const answer = await api.post<PostChatMessageAnswer>('/chat/messages', { text: draft.trim(), attachments: attachment ? [attachment] : [] });
    const message = chatMessageOf(answer.message);
    if (message) keep([message]);
    $chatDraft.set('');
    if ($chatAttachment.get() === attachment) $chatAttachment.set(null);
    $chatSend.set({ status: 'idle' });
    return true;
  } catch (error) {
    $chatSend.set({ status: 'failed', message: failure(error, 'chat.panel.sendFailed') });
    return false;
  }
}

/** Back to the initial state (tests; a fresh page). */
export function resetChat(): void {
  closeChat();
  loadRun++;
  $chatLoad.set({ status: 'idle' });
  $chatMessages.set([]);
  $chatAmountBet.set(0);
  $chatDraft.set('');
  $chatSend.set({ status: 'idle' });
  uploadRun++;
  $chatAttachment.set(null);
  $chatUpload.set({ status: 'idle' });
}
