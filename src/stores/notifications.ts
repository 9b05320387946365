import { atom, computed } from 'nanostores';
import {
  isNotificationView,
  type MarkAllReadAnswer,
  type MarkAllReadList,
  NOTIFICATIONS_PER_PAGE,
  type NotificationPage,
  type NotificationsAnswer,
  type NotificationText,
  type NotificationView,
  type ReadNotificationAnswer,
} from '../contract/notifications.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { api } from './api.ts';
import { readClosedIds, writeClosedIds } from '../lib/notifications/closed-list.ts';
import { $session } from './session.ts';
import { showToast } from './toasts.ts';

/**
 * The player's notifications (spec sections 3, 4, 7, 9): the two lists of
 * `GET /notifications` (own and global), loaded after a sign-in, 10 a page,
 * appended page by page; the unread count (the header badge); marking one or
 * a whole list read; the closed-notification list kept on the device; live
 * arrivals (toast + chime) and the won-box modal. Islands only render these
 * atoms and call these actions.
 */

/** The two lists: the player's own (`user`) and the tenant's global notices (`platform`). */
export type NotificationList = 'user' | 'platform';

export interface NotificationListState {
  items: NotificationView[];
  /** Last page loaded; 0 before the first answer. */
  currentPage: number;
  lastPage: number;
  total: number;
  loadingMore: boolean;
}

export type NotificationsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; user: NotificationListState; platform: NotificationListState };

export const $notifications = atom<NotificationsState>({ status: 'idle' });
export const $unreadCount = atom(0);
/** Ids the player removed from the panel on this device (spec: "closed-notification list kept locally"). */
export const $closedNotifications = atom<readonly number[]>([]);
/** The won-box notification the modal announces, or null. */
export const $wonBox = atom<NotificationView | null>(null);
export const $notificationsPanelOpen = atom(false);
/** A failed mark-read / mark-all-read, shown in the panel until the next action. */
export const $notificationsActionFailed = atom(false);

/** Each list without the closed notifications: what the panel shows. */
export const $visibleNotifications = computed([$notifications, $closedNotifications], (state, closed) => {
  if (state.status !== 'ready') return { user: [], platform: [] } as Record<NotificationList, NotificationView[]>;
  const open = (n: NotificationView) => !closed.includes(n.id);
  return { user: state.user.items.filter(open), platform: state.platform.items.filter(open) };
});

let locale: Locale = 'pt';
let playSound: () => void = () => undefined;

/** The page's language (toast texts) and the arrival chime; set once by the player start-up. */
export function configureNotifications(options: { locale: Locale; playSound: () => void }): void {
  locale = options.locale;
  playSound = options.playSound;
}

/** A notification text in the page's language. */
function textOf(text: NotificationText): string {
  return text[locale];
}

const listOf = (n: NotificationView): NotificationList => (n.type === 'platform' ? 'platform' : 'user');

function fromPage(page: NotificationPage): NotificationListState {
  return { items: page.data, currentPage: page.current_page, lastPage: page.last_page, total: page.total, loadingMore: false };
}

let generation = 0;

/** Shows the won-box modal for the newest unread box notification, unless one is open. */
function announceBox(n: NotificationView): void {
  if (n.type !== 'box' || n.read || $wonBox.get()) return;
  $wonBox.set(n);
}

/**
 * Loads page 1 of both lists and the unread count (after each sign-in).
 * An answer that arrives after a sign-out or a newer load is dropped.
 */
export async function loadNotifications(): Promise<void> {
  const mine = ++generation;
  $closedNotifications.set(readClosedIds());
  $notifications.set({ status: 'loading' });
  try {
    const answer = await api.get<NotificationsAnswer>('/notifications', { page: 1, per_page: NOTIFICATIONS_PER_PAGE });
    if (mine !== generation) return;
    $notifications.set({ status: 'ready', user: fromPage(answer.user_notifications), platform: fromPage(answer.global_notifications) });
    $unreadCount.set(answer.unread_count);
    const box = answer.user_notifications.data.find((n) => n.type === 'box' && !n.read);
    if (box) announceBox(box);
  } catch {
    if (mine === generation) $notifications.set({ status: 'error' });
  }
}

/** Whether `list` has a further page and none is loading. */
export function hasMore(list: NotificationList): boolean {
  const state = $notifications.get();
  return state.status === 'ready' && !state[list].loadingMore && state[list].currentPage < state[list].lastPage;
}

/**
 * Appends the next page of `list` (spec: lists append pages, ignore requests
 * while loading or beyond the last page). Rows already shown (a live arrival
 * moved the pages on) are not repeated.
 */
export async function loadMoreNotifications(list: NotificationList): Promise<void> {
  if (!hasMore(list)) return;
  const mine = generation;
  const start = $notifications.get() as Extract<NotificationsState, { status: 'ready' }>;
  $notifications.set({ ...start, [list]: { ...start[list], loadingMore: true } });
  try {
    const answer = await api.get<NotificationsAnswer>('/notifications', { page: start[list].currentPage + 1, per_page: NOTIFICATIONS_PER_PAGE });
    const state = $notifications.get();
    if (mine !== generation || state.status !== 'ready') return;
    const page = list === 'user' ? answer.user_notifications : answer.global_notifications;
    const known = new Set(state[list].items.map((n) => n.id));
    $notifications.set({
      ...state,
      [list]: {
        items: [...state[list].items, ...page.data.filter((n) => !known.has(n.id))],
        currentPage: page.current_page,
        lastPage: page.last_page,
        total: page.total,
        loadingMore: false,
      },
    });
    $unreadCount.set(answer.unread_count);
  } catch {
    const state = $notifications.get();
    if (mine === generation && state.status === 'ready') {
      $notifications.set({ ...state, [list]: { ...state[list], loadingMore: false } });
      $notificationsActionFailed.set(true);
    }
  }
}

function updateItems(change: (n: NotificationView) => NotificationView): void {
  const state = $notifications.get();
  if (state.status !== 'ready') return;
  $notifications.set({
    ...state,
    user: { ...state.user, items: state.user.items.map(change) },
    platform: { ...state.platform, items: state.platform.items.map(change) },
  });
  const box = $wonBox.get();
  if (box) $wonBox.set(change(box));
}

/** `POST /notifications/{id}/read`: the row takes the platform's read time, the badge its count. False on failure. */
export async function markNotificationRead(id: number): Promise<boolean> {
  $notificationsActionFailed.set(false);
  const mine = generation;
  try {
    const answer = await api.post<ReadNotificationAnswer>(`/notifications/${id}/read`);
    if (mine !== generation) return false;
    updateItems((n) => (n.id === id ? answer.notification : n));
    $unreadCount.set(answer.unread_count);
    return true;
  } catch {
    if (mine === generation) $notificationsActionFailed.set(true);
    return false;
  }
}

/** `POST /notifications/{list}/mark-all-read`: every row of the list shows read. False on failure. */
export async function markAllNotificationsRead(list: MarkAllReadList): Promise<boolean> {
  $notificationsActionFailed.set(false);
  const mine = generation;
  try {
    const answer = await api.post<MarkAllReadAnswer>(`/notifications/${list}/mark-all-read`);
    if (mine !== generation) return false;
    const readAt = new Date().toISOString();
    updateItems((n) => (!n.read && (list === 'all' || listOf(n) === list) ? { ...n, read: true, read_at: readAt } : n));
    $unreadCount.set(answer.unread_count);
    return true;
  } catch {
    if (mine === generation) $notificationsActionFailed.set(true);
    return false;
  }
}

/** Removes a notification from the panel on this device (kept in local storage); an unread one is marked read first. */
export async function dismissNotification(id: number): Promise<void> {
  $closedNotifications.set(writeClosedIds([...readClosedIds().filter((c) => c !== id), id]));
  const state = $notifications.get();
  const row = state.status === 'ready' ? [...state.user.items, ...state.platform.items].find((n) => n.id === id) : undefined;
  if (row && !row.read) await markNotificationRead(id);
}

/**
 * A live `NotificationSent` (the player's channel or the tenant's public
 * one): goes first in its list, counts as unread, raises a toast and the
 * chime; a box opens the won-box modal. Repeats and malformed payloads are
 * ignored; nothing happens before the first load or after a sign-out.
 */
export function receiveNotification(payload: unknown): void {
  if (!isNotificationView(payload)) return;
  const state = $notifications.get();
  if (state.status !== 'ready' || $session.get().status !== 'user') return;
  const list = listOf(payload);
  if (state[list].items.some((n) => n.id === payload.id)) return;
  $notifications.set({ ...state, [list]: { ...state[list], items: [payload, ...state[list].items], total: state[list].total + 1 } });
  if (!payload.read) $unreadCount.set($unreadCount.get() + 1);
  showToast({
    tone: 'notification',
    title: textOf(payload.notification.title),
    text: textOf(payload.notification.message),
    ...(payload.notification.url ? { href: payload.notification.url } : {}),
  });
  playSound();
  announceBox(payload);
}

/** A live `NotifyNewUserBox` (payload: the box notification): opens the won-box modal once. */
export function receiveNewBox(payload: unknown): void {
  if (!isNotificationView(payload) || $session.get().status !== 'user') return;
  if ($wonBox.get()?.id === payload.id) return;
  announceBox(payload);
}

/** Closing the won-box modal marks its notification read, so it does not announce itself again. */
export async function closeWonBox(): Promise<void> {
  const box = $wonBox.get();
  $wonBox.set(null);
  if (box && !box.read) await markNotificationRead(box.id);
}

export function openNotificationsPanel(): void {
  $notificationsActionFailed.set(false);
  $notificationsPanelOpen.set(true);
  const status = $notifications.get().status;
  if (status === 'error' || status === 'idle') void loadNotifications();
}

export function closeNotificationsPanel(): void {
  $notificationsPanelOpen.set(false);
}

/** Back to nothing (sign-out): a later answer of the old player is dropped. */
export function resetNotifications(): void {
  generation += 1;
  $notifications.set({ status: 'idle' });
  $unreadCount.set(0);
  $wonBox.set(null);
  $notificationsPanelOpen.set(false);
  $notificationsActionFailed.set(false);
}

$session.listen((session) => {
  if (session.status !== 'user' && $notifications.get().status !== 'idle') resetNotifications();
});
