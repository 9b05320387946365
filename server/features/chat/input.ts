import * as v from 'valibot';
import {
  CHAT_ATTACHMENT_TYPES,
  CHAT_ATTACHMENTS_MAX,
  CHAT_COLOR_CLASSES,
  CHAT_FETCH_LIMIT,
  CHAT_TEXT_MAX,
  chatTextLength,
  isPlainChatText,
  isSafeChatImageUrl,
} from '../../../src/contract/chat.ts';
import { CHAT_KEYS } from './messages.ts';

/** Longest operator notice (the column allows 2000). */
const NOTICE_TEXT_MAX = 1000;
/** Longest mute: 30 days. */
const MUTE_MINUTES_MAX = 30 * 24 * 60;

const Attachment = v.object(
  {
    attachment_type: v.picklist(CHAT_ATTACHMENT_TYPES, CHAT_KEYS.attachmentType),
    attachment_url: v.pipe(v.string(CHAT_KEYS.attachmentUrl), v.check(isSafeChatImageUrl, CHAT_KEYS.attachmentUrl)),
  },
  CHAT_KEYS.attachments,
);

const Attachments = v.optional(v.pipe(v.array(Attachment, CHAT_KEYS.attachments), v.maxLength(CHAT_ATTACHMENTS_MAX, CHAT_KEYS.attachmentsMany)), []);

/** Trimmed plain text of up to max code points (possibly empty). */
const chatTextOrEmpty = (max: number) =>
  v.pipe(
    v.string(CHAT_KEYS.text),
    v.trim(),
    v.check((text) => chatTextLength(text) <= max, CHAT_KEYS.textLong),
    v.check(isPlainChatText, CHAT_KEYS.textControl),
  );

/** Trimmed plain text of 1..max code points. */
const chatText = (max: number) => v.pipe(chatTextOrEmpty(max), v.minLength(1, CHAT_KEYS.textEmpty));

/**
 * `POST /chat/messages {text, attachments?}`: text of 1..300 code points,
 * or empty when at least one image is attached (a picture on its own).
 */
export const PostMessageSchema = v.pipe(
  v.object({
    text: chatTextOrEmpty(CHAT_TEXT_MAX),
    attachments: Attachments,
  }),
  v.forward(
    v.check((body) => body.text !== '' || body.attachments.length > 0, CHAT_KEYS.textEmpty),
    ['text'],
  ),
);

/** `?limit=`: 1..50, default 50; larger values are served as 50. */
export const LimitQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,5}$/, CHAT_KEYS.limit),
      v.transform((raw) => Math.min(Number(raw), CHAT_FETCH_LIMIT)),
    ),
    String(CHAT_FETCH_LIMIT),
  ),
});

const PositiveId = v.pipe(v.number(CHAT_KEYS.userId), v.safeInteger(CHAT_KEYS.userId), v.minValue(1, CHAT_KEYS.userId));

/** `POST /operator/chat/mutes {user_id, minutes, reason?}`. */
export const MuteSchema = v.object({
  user_id: PositiveId,
  minutes: v.pipe(
    v.number(CHAT_KEYS.minutes),
    v.safeInteger(CHAT_KEYS.minutes),
    v.minValue(1, CHAT_KEYS.minutes),
    v.maxValue(MUTE_MINUTES_MAX, CHAT_KEYS.minutes),
  ),
  reason: v.optional(v.pipe(v.string(CHAT_KEYS.reason), v.trim(), v.maxLength(200, CHAT_KEYS.reason))),
});

/**
 * `POST /operator/chat/messages`: an operator notice, pinned on top until
 * `pinned_until` when given (type `pinned`), else a plain notice (`others`).
 */
export const NoticeSchema = v.object({
  text: chatText(NOTICE_TEXT_MAX),
  attachments: Attachments,
  pinned_until: v.optional(v.pipe(v.string(CHAT_KEYS.pinnedUntil), v.isoTimestamp(CHAT_KEYS.pinnedUntil))),
  colorClass: v.optional(v.picklist(CHAT_COLOR_CLASSES, CHAT_KEYS.colorClass)),
  emoji: v.optional(
    v.pipe(
      v.string(CHAT_KEYS.emoji),
      v.trim(),
      v.minLength(1, CHAT_KEYS.emoji),
      v.check((e) => chatTextLength(e) <= 8 && isPlainChatText(e), CHAT_KEYS.emoji),
    ),
  ),
  mission: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(CHAT_KEYS.mission), v.maxLength(40, CHAT_KEYS.mission)),
        v.union([v.pipe(v.string(), v.maxLength(200, CHAT_KEYS.mission)), v.number(), v.boolean()], CHAT_KEYS.mission),
        CHAT_KEYS.mission,
      ),
      v.check((m) => Object.keys(m).length <= 20, CHAT_KEYS.mission),
    ),
  ),
});
