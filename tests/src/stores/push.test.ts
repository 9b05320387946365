// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SubscribeOutcome } from '../../../src/lib/push/subscribe.ts';
import type { SessionUser } from '../../../src/lib/session-user.ts';
import type { PushEnvironment } from '../../../src/stores/push.ts';
import { signInPlayer } from './wallet/fake-api.ts';
import { fakeTime } from './fake-time.ts';

/** The push modal's rules (spec sections 4 and 9) with a fake clock, timers, storage and browser. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Browser {
  supported: boolean;
  permission: 'default' | 'granted' | 'denied';
  mobile: boolean;
  standalone: boolean;
  otherModal: boolean;
  outcome: SubscribeOutcome;
}

async function setUp(browser: Partial<Browser> = {}, opts: { signedIn?: boolean } = {}) {
  vi.resetModules();
  localStorage.clear();
  if (opts.signedIn ?? true) signInPlayer();
  const store = await import('../../../src/stores/push.ts');
  const session = await import('../../../src/stores/session.ts');
  const deposit = await import('../../../src/stores/deposit.ts');
  const time = fakeTime();
  const b: Browser = {
    supported: true,
    permission: 'default',
    mobile: false,
    standalone: false,
    otherModal: false,
    outcome: { status: 'subscribed', message: { key: 'push.subscribed' } },
    ...browser,
  };
  const stored = new Map<string, string>();
  const subscribe = vi.fn(async () => b.outcome);
  const recordAnswer = vi.fn(async () => undefined);
  const env: Partial<PushEnvironment> = {
    now: time.now,
    setTimer: time.setTimer,
    clearTimer: time.clearTimer,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v), removeItem: (k) => void stored.delete(k) },
    supported: () => b.supported,
    permission: () => b.permission,
    mobile: () => b.mobile,
    standalone: () => b.standalone,
    otherModalOpen: () => b.otherModal,
    subscribe,
    recordAnswer,
  };
  store.configurePush(env);
  const isOpen = () => store.$pushModal.get().open;
  return { store, session, deposit, time, browser: b, stored, subscribe, recordAnswer, isOpen };
}

describe('when the modal shows', () => {
  it('opens 5 s after sign-in when every rule allows it', async () => {
    const { store, time, isOpen } = await setUp();
    store.schedulePushModal();
    time.advance(4999);
    expect(isOpen()).toBe(false);
    time.advance(1);
    expect(isOpen()).toBe(true);
    expect(store.$pushPermission.get()).toBe('default');
  });

  it('never opens for a visitor who is not logged in', async () => {
    const { store, time, isOpen } = await setUp({}, { signedIn: false });
    expect(store.pushModalBlocker()).toBe('signedOut');
    store.schedulePushModal();
    time.advance(60_000);
    expect(isOpen()).toBe(false);
  });

  it('is cancelled by signing out during the delay', async () => {
    const { store, session, time, isOpen } = await setUp();
    store.schedulePushModal();
    time.advance(2000);
    session.signOut();
    time.advance(60_000);
    expect(isOpen()).toBe(false);
  });

  it('never opens without Notification, service worker and push manager support', async () => {
    const { store, time, isOpen } = await setUp({ supported: false });
    expect(store.pushModalBlocker()).toBe('unsupported');
    store.schedulePushModal();
    time.advance(60_000);
    expect(isOpen()).toBe(false);
  });

  it('never opens once permission is granted', async () => {
    const { store, time, isOpen } = await setUp({ permission: 'granted' });
    store.schedulePushModal();
    time.advance(60_000);
    expect(isOpen()).toBe(false);
    expect(store.$pushPermission.get()).toBe('granted');
  });

  it('on mobile opens only in the installed app (standalone)', async () => {
    const browserTab = await setUp({ mobile: true, standalone: false });
    expect(browserTab.store.pushModalBlocker()).toBe('notInstalled');
    const installed = await setUp({ mobile: true, standalone: true });
    expect(installed.store.pushModalBlocker()).toBeNull();
    installed.store.schedulePushModal();
    installed.time.advance(5000);
    expect(installed.isOpen()).toBe(true);
  });

  it('waits while the deposit modal is open, then 5 s more after it closes', async () => {
    const { store, deposit, time, isOpen } = await setUp();
    deposit.$depositOpen.set(true);
    store.schedulePushModal();
    time.advance(30_000);
    expect(isOpen()).toBe(false);
    expect(store.pushModalBlocker()).toBe('depositOpen');
    deposit.$depositOpen.set(false);
    time.advance(4000);
    expect(isOpen()).toBe(false);
    time.advance(1000);
    expect(isOpen()).toBe(true);
  });

  it('waits while another modal is open, then 5 s more after it closes', async () => {
    const { store, browser, time, isOpen } = await setUp({ otherModal: true });
    store.schedulePushModal();
    time.advance(20_000);
    expect(isOpen()).toBe(false);
    expect(store.pushModalBlocker()).toBe('otherModal');
    browser.otherModal = false;
    time.advance(4000);
    expect(isOpen()).toBe(false);
    time.advance(1000);
    expect(isOpen()).toBe(true);
  });
});

describe('closing and answering', () => {
  it('a close keeps it away for 24 h, then it shows again', async () => {
    const { store, time, isOpen, stored } = await setUp();
    store.schedulePushModal();
    time.advance(5000);
    store.closePushModal();
    expect(isOpen()).toBe(false);
    expect(Number(stored.get(store.PUSH_STORAGE_KEYS.closedAt))).toBe(time.now());

    time.advance(23 * HOUR);
    store.schedulePushModal();
    time.advance(5000);
    expect(isOpen()).toBe(false);
    expect(store.pushModalBlocker()).toBe('closedRecently');

    time.advance(HOUR);
    store.schedulePushModal();
    time.advance(5000);
    expect(isOpen()).toBe(true);
  });

  it('a denial keeps it away for 5 days with the permission message, then it shows again', async () => {
    const { store, time, isOpen, subscribe } = await setUp({ outcome: { status: 'denied', message: { key: 'push.permissionFailed' } }, permission: 'default' });
    store.schedulePushModal();
    time.advance(5000);
    await store.allowPush();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(isOpen()).toBe(false);
    expect(store.$pushOutcome.get()).toEqual({ tone: 'error', message: { key: 'push.permissionFailed' } });

    time.advance(4 * DAY + 23 * HOUR);
    expect(store.pushModalBlocker()).toBe('deniedRecently');
    time.advance(HOUR);
    expect(store.pushModalBlocker()).toBeNull();
  });

  it('a successful subscription closes the modal, says so and marks permission granted', async () => {
    const { store, time, isOpen, browser } = await setUp();
    store.schedulePushModal();
    time.advance(5000);
    const pending = store.allowPush();
    expect(store.$pushModal.get()).toEqual({ open: true, busy: true });
    // A second click while busy does nothing.
    await store.allowPush();
    await pending;
    expect(isOpen()).toBe(false);
    expect(store.$pushPermission.get()).toBe('granted');
    expect(store.$pushOutcome.get()).toEqual({ tone: 'success', message: { key: 'push.subscribed' } });
    browser.permission = 'granted';
    expect(store.pushModalBlocker()).toBe('granted');
  });

  it('a failed subscription still closes the modal with its error and comes back after 24 h', async () => {
    const { store, time, isOpen } = await setUp({ outcome: { status: 'failed', message: { key: 'push.subscriptionTimeout' } } });
    store.schedulePushModal();
    time.advance(5000);
    await store.allowPush();
    expect(isOpen()).toBe(false);
    expect(store.$pushOutcome.get()).toEqual({ tone: 'error', message: { key: 'push.subscriptionTimeout' } });
    expect(store.pushModalBlocker()).toBe('closedRecently');
    time.advance(DAY);
    expect(store.pushModalBlocker()).toBeNull();
  });

  it('turning on in a browser without push support says so and closes', async () => {
    const { store, time, browser, subscribe } = await setUp();
    store.schedulePushModal();
    time.advance(5000);
    browser.supported = false;
    await store.allowPush();
    expect(subscribe).not.toHaveBeenCalled();
    expect(store.$pushModal.get().open).toBe(false);
    expect(store.$pushOutcome.get()).toEqual({ tone: 'error', message: { key: 'push.unsupported' } });
  });
});

describe('across devices and new accounts', () => {
  it("never opens in a new account's first 10 minutes (the platform's created_at), then opens if the player is still there", async () => {
    const { store, session, time, isOpen } = await setUp();
    const user = (session.$session.get() as { user: SessionUser }).user;
    session.updateSessionUser({ ...user, created_at: new Date(time.now() - 60_000).toISOString() });
    store.schedulePushModal();
    time.advance(5000);
    expect(store.pushModalBlocker()).toBe('newAccount');
    expect(isOpen()).toBe(false);
    // 9 minutes old: still not.
    time.advance(8 * 60_000 - 5000);
    expect(isOpen()).toBe(false);
    // 10 minutes old, and the usual 5 s after.
    time.advance(60_000);
    expect(store.pushModalBlocker()).toBeNull();
    expect(isOpen()).toBe(false);
    time.advance(5000);
    expect(isOpen()).toBe(true);
  });

  it('an account older than 10 minutes is not held back', async () => {
    const { store, session, time, isOpen } = await setUp();
    const user = (session.$session.get() as { user: SessionUser }).user;
    session.updateSessionUser({ ...user, created_at: new Date(time.now() - 11 * 60_000).toISOString() });
    store.schedulePushModal();
    time.advance(5000);
    expect(isOpen()).toBe(true);
  });

  it("a close or refusal made on another device (the platform's push_prompt) counts here too", async () => {
    const { store, session, time } = await setUp();
    const user = (session.$session.get() as { user: SessionUser }).user;
    session.updateSessionUser({ ...user, push_prompt: { closed_at: new Date(time.now() - 23 * HOUR).toISOString(), denied_at: null } });
    expect(store.pushModalBlocker()).toBe('closedRecently');
    time.advance(HOUR);
    expect(store.pushModalBlocker()).toBeNull();
    session.updateSessionUser({ ...user, push_prompt: { closed_at: null, denied_at: new Date(time.now() - 4 * DAY).toISOString() } });
    expect(store.pushModalBlocker()).toBe('deniedRecently');
  });

  it('tells the platform about each close and refusal', async () => {
    const { store, time, recordAnswer, browser } = await setUp();
    store.schedulePushModal();
    time.advance(5000);
    store.closePushModal();
    expect(recordAnswer).toHaveBeenLastCalledWith('closed');
    time.advance(DAY);
    browser.outcome = { status: 'denied', message: { key: 'push.permissionFailed' } };
    store.schedulePushModal();
    time.advance(5000);
    await store.allowPush();
    expect(recordAnswer).toHaveBeenLastCalledWith('denied');
    expect(recordAnswer).toHaveBeenCalledTimes(2);
  });
});
