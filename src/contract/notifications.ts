import * as v from 'valibot';
import { VALIDATION_KEYS } from './validation/keys.ts';

/**
 * Notifications of the API contract (specification sections 3, 4, 7 and 9;
 * decisions in docs/notifications.md). A notification belongs to one player,
 * or — type `platform` — is the tenant's global notice for every player.
 */

/** Type of the tenant's global notices (spec: "'platform' means global"). */
export const GLOBAL_NOTIFICATION_TYPE = 'platform';

/**
 * Types of a player's own notifications: `user` a plain message, `box` a box
 * won (the site opens the won-box modal), `payment`, `bonus` and `mission`
 * for the features that notify about those.
 */
export const PLAYER_NOTIFICATION_TYPES = ['user', 'box', 'payment', 'bonus', 'mission'] as const;
export type PlayerNotificationType = (typeof PLAYER_NOTIFICATION_TYPES)[number];
export type NotificationType = PlayerNotificationType | typeof GLOBAL_NOTIFICATION_TYPE;
export const NOTIFICATION_TYPES = [GLOBAL_NOTIFICATION_TYPE, ...PLAYER_NOTIFICATION_TYPES] as const;

/**
 * Lists `POST /notifications/{type}/mark-all-read` accepts: `platform` the
 * global list, `user` the player's own list (every player type), `all` both.
 */
export const MARK_ALL_READ_LISTS = ['platform', 'user', 'all'] as const;
export type MarkAllReadList = (typeof MARK_ALL_READ_LISTS)[number];

/** Spec section 9: notifications 10 per page (the default `per_page`). */
export const NOTIFICATIONS_PER_PAGE = 10;
/** Largest `per_page` the platform serves. */
export const NOTIFICATIONS_MAX_PER_PAGE = 50;

/** Longest title and message, per language. */
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const NOTIFICATION_URL_MAX = 500;

/** A text in both interface languages; the site shows the one of the page. */
export interface NotificationText {
  pt: string;
  en: string;
}

/** What a notification says (spec "notification-content": notification, message, box_id…). */
export interface NotificationContent {
  title: NotificationText;
  message: NotificationText;
  /** Where the notification leads: a site path (`/promotions`) or an absolute http(s) address. */
  url?: string;
  /** For type `box`: the box won. */
  box_id?: number;
}

/** One notification as the player sees it (spec entity: id, type, read_at, read). */
export interface NotificationView {
  id: number;
  type: NotificationType;
  notification: NotificationContent;
  /** Whether this player read it; `read_at` is when (ISO), the first read. */
  read: boolean;
  read_at: string | null;
  /** ISO timestamp. */
  created_at: string;
}

/** One of the two lists of `GET /notifications` (spec: data, current_page, last_page). */
export interface NotificationPage {
  data: NotificationView[];
  current_page: number;
  last_page: number;
  total: number;
}

/** `GET /notifications?page&per_page`: the player's own list, the global list (same page of each) and the unread count over both. */
export interface NotificationsAnswer {
  user_notifications: NotificationPage;
  global_notifications: NotificationPage;
  unread_count: number;
}

/** `POST /notifications/{id}/read`. */
export interface ReadNotificationAnswer {
  notification: NotificationView;
  unread_count: number;
}

/** `POST /notifications/{type}/mark-all-read`: how many became read now. */
export interface MarkAllReadAnswer {
  marked: number;
  unread_count: number;
}

const positiveQueryInt = (max: number) =>
  v.pipe(v.string(VALIDATION_KEYS.generic), v.regex(/^[1-9]\d{0,5}$/, VALIDATION_KEYS.generic), v.transform(Number), v.maxValue(max, VALIDATION_KEYS.generic));

/** Query of `GET /notifications`: `page` from 1 (default 1), `per_page` 1–50 (default 10). Values arrive as strings. */
export const NotificationsQuerySchema = v.object({
  page: v.optional(positiveQueryInt(999_999), '1'),
  per_page: v.optional(positiveQueryInt(NOTIFICATIONS_MAX_PER_PAGE), String(NOTIFICATIONS_PER_PAGE)),
});

/** True when `value` is a notification as the platform sends it (live events are checked before use). */
export function isNotificationView(value: unknown): value is NotificationView {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  const content = n.notification as Record<string, unknown> | null | undefined;
  const isText = (t: unknown) => typeof t === 'object' && t !== null && typeof (t as NotificationText).pt === 'string' && typeof (t as NotificationText).en === 'string';
  return (
    typeof n.id === 'number' &&
    (NOTIFICATION_TYPES as readonly unknown[]).includes(n.type) &&
    typeof n.read === 'boolean' &&
    (n.read_at === null || typeof n.read_at === 'string') &&
    typeof n.created_at === 'string' &&
    typeof content === 'object' &&
    content !== null &&
    isText(content.title) &&
    isText(content.message)
  );
}
