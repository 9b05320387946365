/**
 * The tenant's global chat (spec sections 3, 7 and 9), shared by the
 * platform (server/features/chat) and the site (stores/chat.ts). Decisions
 * are written down in docs/chat.md.
 */

/** `GET /chat/messages?limit=` default and maximum (spec: "chat fetch 50"). */
export const CHAT_FETCH_LIMIT = 50;
/** Longest message a player may post, in Unicode code points, after trimming. */
export const CHAT_TEXT_MAX = 300;
/** Most images one message may carry. */
export const CHAT_ATTACHMENTS_MAX = 4;
/** Longest attachment URL accepted. */
export const CHAT_ATTACHMENT_URL_MAX = 2048;
/** Largest image a player may upload to the chat (`POST /chat/attachments`): 2 MB. */
export const CHAT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Image types a player may upload, as sniffed from the bytes (never SVG,
 * which can carry script, nor BMP); also the file picker's `accept`.
 */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Per-player upload limits: 5 images a minute and 30 an hour. */
export const CHAT_UPLOAD_RATE_LIMITS = {
  perMinute: { limit: 5, windowSeconds: 60 },
  perHour: { limit: 30, windowSeconds: 3600 },
} as const;
/** Most messages the open panel keeps (older ones drop off the top). */
export const CHAT_KEEP_MAX = 100;
/** Per-player posting limits: one message per 2 s and 10 per minute. */
export const CHAT_RATE_LIMITS = {
  burst: { limit: 1, windowSeconds: 2 },
  perMinute: { limit: 10, windowSeconds: 60 },
} as const;

/** Message kinds of the spec's entity: player messages are `global`; operator notices `pinned` or `others`. */
export const CHAT_MESSAGE_TYPES = ['global', 'pinned', 'others'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/**
 * The `colorClass` values a message may carry. The platform refuses any
 * other; the site maps each to its own CSS class (never used as given).
 */
export const CHAT_COLOR_CLASSES = ['default', 'primary', 'gold', 'green', 'red', 'blue', 'purple'] as const;
export type ChatColorClass = (typeof CHAT_COLOR_CLASSES)[number];

/** The only attachment kind: an image shown inline. */
export const CHAT_ATTACHMENT_TYPES = ['image'] as const;

export interface ChatAttachment {
  attachment_type: (typeof CHAT_ATTACHMENT_TYPES)[number];
  attachment_url: string;
}

/** A chat message as the platform answers and publishes it (spec: Chat message). */
export interface ChatMessageView {
  id: number;
  /** ISO timestamp of posting. */
  time: string;
  type: ChatMessageType;
  /** The author; null for operator notices. `name` null: the player hides their name. */
  user: { id: number; name: string | null } | null;
  /** Plain text: never markup, never to be parsed as HTML. */
  text: string;
  mission: Record<string, string | number | boolean> | null;
  colorClass: ChatColorClass | null;
  emoji: string | null;
  /** ISO timestamp until which the message stays pinned on top, or null. */
  pinned_until: string | null;
  /** Whether `pinned_until` was still in the future when the view was made. */
  pinned: boolean;
  attachments: ChatAttachment[];
}

/** `GET /chat/messages`: up to 50 messages oldest first, active pinned ones first; `amountBet` in centavos. */
export interface ChatMessagesAnswer {
  messages: ChatMessageView[];
  /** The caller's total real-money stakes in centavos (0 for guests). */
  amountBet: number;
}

/** `POST /chat/messages` body: `text` may be empty only when an image is attached. */
export interface PostChatMessageBody {
  text: string;
  attachments?: ChatAttachment[];
}

/** `POST /chat/attachments` answer (201): the uploaded image, ready for `attachments` of `POST /chat/messages`. */
export type PostChatAttachmentAnswer = ChatAttachment;

/** `POST /chat/messages` answer (201). */
export interface PostChatMessageAnswer {
  message: ChatMessageView;
}

/**
 * `MessageSent` payload announcing that the operator deleted a message:
 * clients drop the message with this id. (MessageSent is the only chat
 * event of the spec, so a deletion travels as a tombstone of it.)
 */
export interface ChatMessageDeleted {
  id: number;
  deleted: true;
}

/** What `MessageSent` on `universal-public.{casino_id}` carries. */
export type ChatMessageSentPayload = ChatMessageView | ChatMessageDeleted;

const IMAGE_PATH = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * Whether `url` may be shown as a chat image: an `https://` address or a
 * same-site absolute path (`/…`, never `//host` or `/\host`), whose path
 * ends in an image extension. Everything else (javascript:, data:, http:,
 * relative paths, credentials in the URL) is refused.
 */
export function isSafeChatImageUrl(url: string): boolean {
  if (url.length === 0 || url.length > CHAT_ATTACHMENT_URL_MAX) return false;
  // Controls and spaces let browsers read a URL differently from this check.
  if (/[\s\p{Cc}]/u.test(url)) return false;
  if (url.startsWith('/')) {
    if (url.startsWith('//') || url.startsWith('/\\')) return false;
    try {
      const parsed = new URL(url, 'https://same-site.invalid');
      return parsed.host === 'same-site.invalid' && IMAGE_PATH.test(parsed.pathname);
    } catch {
      return false;
    }
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && !parsed.username && !parsed.password && IMAGE_PATH.test(parsed.pathname);
}

/** Control characters, and bidirectional overrides that would reorder what others see. */
const FORBIDDEN_TEXT = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** Whether a message text holds no control or bidi-override characters. */
export function isPlainChatText(text: string): boolean {
  return !FORBIDDEN_TEXT.test(text);
}

/** Length in Unicode code points (an emoji counts once, as the player sees it). */
export function chatTextLength(text: string): number {
  return [...text].length;
}
