// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, showUnreadCount } from '../../../../src/lib/notifications/badge.ts';
import { fakeWalletApi, signInPlayer } from '../../stores/wallet/fake-api.ts';

describe('header badge', () => {
  it('shows the count (99+ above 99), hides at 0, and gives the bell its accessible unread text', () => {
    document.body.innerHTML = `<button data-unread-template="{{count}} não lidas"><span>Notificações<span data-notifications-unread></span></span><span data-notifications-badge hidden></span></button>`;
    const badge = document.querySelector<HTMLElement>('[data-notifications-badge]')!;
    const label = document.querySelector<HTMLElement>('[data-notifications-unread]')!;
    showUnreadCount(3);
    expect(badge.hidden).toBe(false);
    expect(badge.textContent).toBe('3');
    expect(label.textContent).toBe(', 3 não lidas');
    showUnreadCount(0);
    expect(badge.hidden).toBe(true);
    expect(label.textContent).toBe('');
    expect(badgeText(150)).toBe('99+');
  });
});

describe('realtime binding', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    signInPlayer();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("listens for NotificationSent and NotifyNewUserBox on the player's channel and NotificationSent on the tenant's public channel", async () => {
    fakeWalletApi({
      'GET /notifications': () => ({
        json: { user_notifications: { data: [], current_page: 1, last_page: 1, total: 0 }, global_notifications: { data: [], current_page: 1, last_page: 1, total: 0 }, unread_count: 0 },
      }),
    });
    const store = await import('../../../../src/stores/notifications.ts');
    const { bindNotificationEvents } = await import('../../../../src/stores/notifications-realtime.ts');
    await store.loadNotifications();
    const handlers = new Map<string, (payload: unknown) => void>();
    const channelOf = (name: string) => ({ listen: (event: string, callback: (payload: unknown) => void) => handlers.set(`${name} ${event}`, callback) });
    bindNotificationEvents({ private: (c) => channelOf(`private:${c}`), channel: (c) => channelOf(`public:${c}`) }, 'universal.7', 'universal-public.42');
    expect([...handlers.keys()].sort()).toEqual(['private:universal.7 NotificationSent', 'private:universal.7 NotifyNewUserBox', 'public:universal-public.42 NotificationSent']);

    const notice = {
      id: 1,
      type: 'platform',
      notification: { title: { pt: 'Aviso', en: 'Notice' }, message: { pt: 'Oi', en: 'Hi' } },
      read: false,
      read_at: null,
      created_at: '2026-03-01T12:00:00.000Z',
    };
    handlers.get('public:universal-public.42 NotificationSent')!(notice);
    expect(store.$unreadCount.get()).toBe(1);
    handlers.get('private:universal.7 NotifyNewUserBox')!({ ...notice, id: 2, type: 'box' });
    expect(store.$wonBox.get()?.id).toBe(2);
    (await import('../../../../src/stores/toasts.ts')).clearToasts();
  });

  it('binds no public channel when the casino id is unknown', async () => {
    const { bindNotificationEvents } = await import('../../../../src/stores/notifications-realtime.ts');
    const names: string[] = [];
    const channel = { listen: () => undefined };
    bindNotificationEvents({ private: (c) => (names.push(c), channel), channel: (c) => (names.push(c), channel) }, 'universal.7', null);
    expect(names).toEqual(['universal.7']);
  });
});
