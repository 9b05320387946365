// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '../../../src/contract/notifications.ts';
import { type Answer, fakeWalletApi, signInPlayer, type WalletCall } from './wallet/fake-api.ts';

/** The player's notifications: load, paging, read, mark all, the closed list, live arrivals and the won-box modal. */
beforeEach(() => {
  vi.resetModules();
  vi.useRealTimers();
  localStorage.clear();
  signInPlayer();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const note = (id: number, o: Partial<NotificationView> = {}): NotificationView => ({
  id,
  type: 'user',
  notification: { title: { pt: `Título ${id}`, en: `Title ${id}` }, message: { pt: `Mensagem ${id}`, en: `Message ${id}` } },
  read: false,
  read_at: null,
  created_at: '2026-03-01T12:00:00.000Z',
  ...o,
});
const pageOf = (data: NotificationView[], current: number, last: number) => ({ data, current_page: current, last_page: last, total: data.length });

function listRoute(pages: Record<string, { user: NotificationView[]; platform: NotificationView[]; lastUser?: number; unread: number }>) {
  return (call: WalletCall): Answer => {
    const p = pages[call.query.page ?? '1']!;
    const page = Number(call.query.page ?? '1');
    return {
      json: {
        user_notifications: pageOf(p.user, page, p.lastUser ?? 1),
        global_notifications: pageOf(p.platform, page, 1),
        unread_count: p.unread,
      },
    };
  };
}

async function setUp(routes: Record<string, (call: WalletCall) => Answer | Promise<Answer>>) {
  const api = fakeWalletApi(routes);
  const store = await import('../../../src/stores/notifications.ts');
  const toasts = await import('../../../src/stores/toasts.ts');
  const sound = vi.fn();
  store.configureNotifications({ locale: 'en', playSound: sound });
  return { ...api, store, toasts, sound };
}

describe('loading and paging', () => {
  it('loads page 1 of both lists with 10 a page, and appends further pages of one list without repeats', async () => {
    const first = Array.from({ length: 10 }, (_, i) => note(20 - i));
    const { calls, store } = await setUp({
      'GET /notifications': listRoute({
        1: { user: first, platform: [note(100, { type: 'platform' })], lastUser: 2, unread: 11 },
        2: { user: [note(10), note(9)], platform: [], lastUser: 2, unread: 11 },
      }),
    });
    await store.loadNotifications();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/notifications', query: { page: '1', per_page: '10' } });
    expect(store.$unreadCount.get()).toBe(11);
    expect(store.$visibleNotifications.get().platform.map((n) => n.id)).toEqual([100]);
    expect(store.hasMore('user')).toBe(true);
    expect(store.hasMore('platform')).toBe(false);

    await store.loadMoreNotifications('user');
    expect(calls[1]?.query).toMatchObject({ page: '2', per_page: '10' });
    expect(store.$visibleNotifications.get().user.map((n) => n.id)).toEqual([...first.map((n) => n.id), 10, 9]);
    expect(store.hasMore('user')).toBe(false);
    await store.loadMoreNotifications('user');
    expect(calls).toHaveLength(2);
  });

  it('a failed load shows the error state; opening the panel retries', async () => {
    let fail = true;
    const { store } = await setUp({
      'GET /notifications': () => (fail ? { status: 500, json: { message: 'boom' } } : listRoute({ 1: { user: [note(1)], platform: [], unread: 1 } })({ method: 'GET', path: '', query: {}, body: undefined })),
    });
    await store.loadNotifications();
    expect(store.$notifications.get().status).toBe('error');
    fail = false;
    store.openNotificationsPanel();
    await vi.waitFor(() => expect(store.$notifications.get().status).toBe('ready'));
    expect(store.$unreadCount.get()).toBe(1);
  });
});

describe('reading', () => {
  it('marks one read with the platform answer and the new unread count', async () => {
    const { calls, store } = await setUp({
      'GET /notifications': listRoute({ 1: { user: [note(2), note(1)], platform: [], unread: 2 } }),
      'POST /notifications/2/read': () => ({ json: { notification: note(2, { read: true, read_at: '2026-03-02T10:00:00.000Z' }), unread_count: 1 } }),
    });
    await store.loadNotifications();
    expect(await store.markNotificationRead(2)).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/notifications/2/read' });
    expect(store.$visibleNotifications.get().user[0]).toMatchObject({ id: 2, read: true, read_at: '2026-03-02T10:00:00.000Z' });
    expect(store.$unreadCount.get()).toBe(1);
  });

  it('marks all of one list read, leaving the other', async () => {
    const { store } = await setUp({
      'GET /notifications': listRoute({ 1: { user: [note(1)], platform: [note(50, { type: 'platform' })], unread: 2 } }),
      'POST /notifications/platform/mark-all-read': () => ({ json: { marked: 1, unread_count: 1 } }),
    });
    await store.loadNotifications();
    expect(await store.markAllNotificationsRead('platform')).toBe(true);
    const visible = store.$visibleNotifications.get();
    expect(visible.platform[0]?.read).toBe(true);
    expect(visible.user[0]?.read).toBe(false);
    expect(store.$unreadCount.get()).toBe(1);
  });

  it('a failed mark-read leaves the row unread and says so', async () => {
    const { store } = await setUp({
      'GET /notifications': listRoute({ 1: { user: [note(1)], platform: [], unread: 1 } }),
      'POST /notifications/1/read': () => ({ status: 500, json: { message: 'boom' } }),
    });
    await store.loadNotifications();
    expect(await store.markNotificationRead(1)).toBe(false);
    expect(store.$notificationsActionFailed.get()).toBe(true);
    expect(store.$visibleNotifications.get().user[0]?.read).toBe(false);
    expect(store.$unreadCount.get()).toBe(1);
  });
});

describe('closed-notification list', () => {
  it('a removed notification is marked read, hidden, and stays hidden after a reload (local storage)', async () => {
    const routes = {
      'GET /notifications': listRoute({ 1: { user: [note(2), note(1)], platform: [], unread: 2 } }),
      'POST /notifications/2/read': () => ({ json: { notification: note(2, { read: true, read_at: '2026-03-02T10:00:00.000Z' }), unread_count: 1 } }),
    };
    const first = await setUp(routes);
    await first.store.loadNotifications();
    await first.store.dismissNotification(2);
    expect(first.calls.some((c) => c.path === '/notifications/2/read')).toBe(true);
    expect(first.store.$visibleNotifications.get().user.map((n) => n.id)).toEqual([1]);
    expect(JSON.parse(localStorage.getItem('closed_notifications')!)).toEqual([2]);

    vi.resetModules();
    const second = await setUp(routes);
    await second.store.loadNotifications();
    expect(second.store.$visibleNotifications.get().user.map((n) => n.id)).toEqual([1]);
  });
});

describe('live arrivals', () => {
  it('a NotificationSent goes first in its list, counts as unread, raises a notification toast in the page language and the chime', async () => {
    const { store, toasts, sound } = await setUp({ 'GET /notifications': listRoute({ 1: { user: [note(1)], platform: [], unread: 1 } }) });
    await store.loadNotifications();
    store.receiveNotification({ ...note(5), notification: { ...note(5).notification, url: '/promotions' } });
    store.receiveNotification(note(6, { type: 'platform' }));
    store.receiveNotification(note(5));
    store.receiveNotification({ id: 'junk' });
    expect(store.$visibleNotifications.get().user.map((n) => n.id)).toEqual([5, 1]);
    expect(store.$visibleNotifications.get().platform.map((n) => n.id)).toEqual([6]);
    expect(store.$unreadCount.get()).toBe(3);
    expect(sound).toHaveBeenCalledTimes(2);
    expect(toasts.$toasts.get()[0]).toMatchObject({ tone: 'notification', title: 'Title 5', text: 'Message 5', href: '/promotions' });
    toasts.clearToasts();
  });

  it('a chime that fails never stops the arrival', async () => {
    const { store } = await setUp({ 'GET /notifications': listRoute({ 1: { user: [], platform: [], unread: 0 } }) });
    const { playArrivalSound } = await import('../../../src/lib/notifications/sound.ts');
    vi.stubGlobal('AudioContext', function Broken() {
      throw new Error('autoplay blocked');
    });
    store.configureNotifications({ locale: 'pt', playSound: playArrivalSound });
    await store.loadNotifications();
    expect(() => store.receiveNotification(note(9))).not.toThrow();
    expect(store.$unreadCount.get()).toBe(1);
  });

  it('a won box opens the modal once; closing it marks the notification read', async () => {
    const box = note(8, { type: 'box', notification: { ...note(8).notification, box_id: 3 } });
    const { calls, store } = await setUp({
      'GET /notifications': listRoute({ 1: { user: [], platform: [], unread: 0 } }),
      'POST /notifications/8/read': () => ({ json: { notification: { ...box, read: true, read_at: '2026-03-02T10:00:00.000Z' }, unread_count: 0 } }),
    });
    await store.loadNotifications();
    store.receiveNotification(box);
    store.receiveNewBox(box);
    expect(store.$wonBox.get()?.id).toBe(8);
    await store.closeWonBox();
    expect(store.$wonBox.get()).toBeNull();
    expect(calls.filter((c) => c.path === '/notifications/8/read')).toHaveLength(1);
    expect(store.$unreadCount.get()).toBe(0);
  });

  it('an unread box waiting at login opens the modal after the load', async () => {
    const { store } = await setUp({ 'GET /notifications': listRoute({ 1: { user: [note(4, { type: 'box' })], platform: [], unread: 1 } }) });
    await store.loadNotifications();
    expect(store.$wonBox.get()?.id).toBe(4);
  });
});

it('signing out clears everything and ignores later arrivals', async () => {
  const { store } = await setUp({ 'GET /notifications': listRoute({ 1: { user: [note(1)], platform: [], unread: 1 } }) });
  await store.loadNotifications();
  const { signOut } = await import('../../../src/stores/session.ts');
  signOut();
  expect(store.$notifications.get()).toEqual({ status: 'idle' });
  expect(store.$unreadCount.get()).toBe(0);
  store.receiveNotification(note(2));
  expect(store.$unreadCount.get()).toBe(0);
});
