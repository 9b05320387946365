import * as v from 'valibot';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_URL_MAX,
  type NotificationContent,
  type NotificationText,
} from '../../../src/contract/notifications.ts';
import { NOTIFICATION_KEYS } from './messages.ts';

/**
 * A text given once (the same words in both languages) or per language
 * `{ pt, en }`; stored and sent as `{ pt, en }`. Trimmed, never empty.
 */
function textSchema(max: number, key: string) {
  const one = v.pipe(v.string(key), v.trim(), v.minLength(1, key), v.maxLength(max, key));
  // A missing text defaults to '' so it fails with the field's own message, not valibot's "missing key".
  return v.optional(
    v.pipe(
      v.union([one, v.object({ pt: one, en: one })], key),
      v.transform((text): NotificationText => (typeof text === 'string' ? { pt: text, en: text } : { pt: text.pt, en: text.en })),
    ),
    '',
  );
}

/** A site path (`/promotions`, not `//host`) or an absolute http(s) address. */
const UrlSchema = v.pipe(
  v.string(NOTIFICATION_KEYS.url),
  v.trim(),
  v.maxLength(NOTIFICATION_URL_MAX, NOTIFICATION_KEYS.url),
  v.check((url) => /^\/(?![/\\])\S*$/.test(url) || (URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)), NOTIFICATION_KEYS.url),
);

/** The content fields of a notification request (`title`, `message`, `url?`, `box_id?`). */
export const NotificationContentEntries = {
  title: textSchema(NOTIFICATION_TITLE_MAX, NOTIFICATION_KEYS.title),
  message: textSchema(NOTIFICATION_MESSAGE_MAX, NOTIFICATION_KEYS.message),
  url: v.optional(UrlSchema),
  box_id: v.optional(v.pipe(v.number(NOTIFICATION_KEYS.boxId), v.safeInteger(NOTIFICATION_KEYS.boxId), v.minValue(1, NOTIFICATION_KEYS.boxId))),
};

export const NotificationContentSchema = v.object(NotificationContentEntries);

/** The stored content: only the fields given (no `undefined` keys in the JSON). */
export function contentOf(input: v.InferOutput<typeof NotificationContentSchema>): NotificationContent {
  return {
    title: input.title,
    message: input.message,
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.box_id !== undefined ? { box_id: input.box_id } : {}),
  };
}
