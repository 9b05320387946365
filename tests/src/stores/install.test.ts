import { beforeEach, describe, expect, it } from 'vitest';
import { PUSH_CLOSED_AGAIN_MS, PUSH_DENIED_AGAIN_MS, PUSH_MODAL_DELAY_MS } from '../../../src/stores/push.ts';
import {
  $install,
  type BeforeInstallPromptEvent,
  closeInstallModal,
  configureInstall,
  deferInstallPrompt,
  INSTALL_CLOSED_AGAIN_MS,
  INSTALL_DENIED_AGAIN_MS,
  INSTALL_MODAL_DELAY_MS,
  INSTALL_STORAGE_KEYS,
  INSTALL_VISIT_MS,
  installModalBlocker,
  markInstalled,
  promptInstall,
  scheduleInstallModal,
} from '../../../src/stores/install.ts';
import { installAttribute, isIosSafari } from '../../../src/scripts/install-prompt.ts';
import { fakeTime } from './fake-time.ts';

/** The install prompt's rules (issue 20) with a fake clock, timers, storage and browser. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function promptEvent(outcome: 'accepted' | 'dismissed' | 'throws') {
  const calls = { prompt: 0 };
  const event = {
    prompt: async () => {
      calls.prompt++;
      if (outcome === 'throws') throw new DOMException('not allowed', 'NotAllowedError');
    },
    userChoice: Promise.resolve({ outcome: outcome === 'throws' ? 'dismissed' : outcome }),
  } as unknown as BeforeInstallPromptEvent;
  return { event, calls };
}

let time: ReturnType<typeof fakeTime>;
let storage: Map<string, string>;
let browser: { standalone: boolean; otherModal: boolean };

function setUp(opts: { manual?: boolean; standalone?: boolean } = {}) {
  time = fakeTime();
  browser = { standalone: opts.standalone ?? false, otherModal: false };
  configureInstall(
    {
      now: time.now,
      setTimer: time.setTimer,
      clearTimer: time.clearTimer,
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
      standalone: () => browser.standalone,
      otherModalOpen: () => browser.otherModal,
    },
    opts.manual ?? false,
  );
}

beforeEach(() => {
  storage = new Map();
  setUp();
});

describe('install modal rules', () => {
  it('re-shows on the push modal rules: 24 h after a close, 5 days after a refusal, 5 s after another modal', () => {
    expect(INSTALL_CLOSED_AGAIN_MS).toBe(PUSH_CLOSED_AGAIN_MS);
    expect(INSTALL_DENIED_AGAIN_MS).toBe(PUSH_DENIED_AGAIN_MS);
    expect(INSTALL_MODAL_DELAY_MS).toBe(PUSH_MODAL_DELAY_MS);
  });

  it('opens only with a kept prompt, and not before the visitor has been on the page 30 s', () => {
    expect(installModalBlocker()).toBe('unavailable');
    time.advance(10_000);
    deferInstallPrompt(promptEvent('accepted').event);
    time.advance(INSTALL_VISIT_MS - 10_000 - 1);
    expect($install.get().modalVisible).toBe(false);
    time.advance(1);
    expect($install.get().modalVisible).toBe(true);
  });

  it('waits for another modal (or a deposit) to close, then 5 s more', () => {
    deferInstallPrompt(promptEvent('accepted').event);
    browser.otherModal = true;
    time.advance(5 * 60_000);
    expect($install.get().modalVisible).toBe(false);
    browser.otherModal = false;
    time.advance(INSTALL_MODAL_DELAY_MS - 1000);
    expect($install.get().modalVisible).toBe(false);
    time.advance(1000);
    expect($install.get().modalVisible).toBe(true);
  });

  it('never when running standalone or once installed', () => {
    setUp({ standalone: true });
    expect($install.get().installed).toBe(true);
    deferInstallPrompt(promptEvent('accepted').event);
    time.advance(DAY);
    expect($install.get().modalVisible).toBe(false);
    expect(installModalBlocker()).toBe('installed');

    setUp();
    deferInstallPrompt(promptEvent('accepted').event);
    markInstalled();
    time.advance(DAY);
    expect($install.get()).toMatchObject({ modalVisible: false, installed: true, deferred: null });
  });

  it('a close keeps it away for 24 h', () => {
    deferInstallPrompt(promptEvent('accepted').event);
    time.advance(INSTALL_VISIT_MS);
    closeInstallModal();
    expect(Number(storage.get(INSTALL_STORAGE_KEYS.closedAt))).toBe(time.now());
    time.advance(DAY - 2 * 60_000);
    scheduleInstallModal();
    time.advance(60_000);
    expect(installModalBlocker()).toBe('closedRecently');
    expect($install.get().modalVisible).toBe(false);
    time.advance(DAY);
    scheduleInstallModal();
    time.advance(INSTALL_MODAL_DELAY_MS);
    expect($install.get().modalVisible).toBe(true);
  });

  it('the browser prompt accepted installs; dismissed keeps the modal away for 5 days; the prompt is used once', async () => {
    const accepted = promptEvent('accepted');
    deferInstallPrompt(accepted.event);
    time.advance(INSTALL_VISIT_MS);
    expect(await promptInstall()).toBe('accepted');
    expect(accepted.calls.prompt).toBe(1);
    expect($install.get()).toMatchObject({ installed: true, modalVisible: false, deferred: null });
    expect(await promptInstall()).toBe('unavailable');

    setUp();
    const dismissed = promptEvent('dismissed');
    deferInstallPrompt(dismissed.event);
    expect(await promptInstall()).toBe('dismissed');
    expect($install.get()).toMatchObject({ installed: false, deferred: null });
    deferInstallPrompt(promptEvent('accepted').event);
    time.advance(5 * DAY - 1);
    expect(installModalBlocker()).toBe('deniedRecently');
    time.advance(1);
    expect(installModalBlocker()).toBe(null);

    setUp();
    deferInstallPrompt(promptEvent('throws').event);
    expect(await promptInstall()).toBe('dismissed');
  });

  it('iOS Safari has no prompt event: the modal (leading to /ios) may show by itself', () => {
    setUp({ manual: true });
    expect(installAttribute($install.get())).toBe('manual');
    scheduleInstallModal();
    time.advance(INSTALL_VISIT_MS);
    expect($install.get().modalVisible).toBe(true);
  });
});

describe('install prompt wiring', () => {
  it('tells iOS Safari from other iOS browsers and from desktops', () => {
    const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(safari, 5)).toBe(true);
    expect(isIosSafari(safari.replace('Version/17.4', 'CriOS/124.0'), 5)).toBe(false);
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(isIosSafari(mac, 0)).toBe(false);
    expect(isIosSafari(mac, 5)).toBe(true);
    expect(isIosSafari('Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36', 5)).toBe(false);
  });

  it('<html data-install> follows the state', () => {
    expect(installAttribute({ deferred: null, modalVisible: false, installed: false, manual: false })).toBe('unavailable');
    expect(installAttribute({ deferred: {} as BeforeInstallPromptEvent, modalVisible: false, installed: false, manual: false })).toBe('available');
    expect(installAttribute({ deferred: {} as BeforeInstallPromptEvent, modalVisible: false, installed: true, manual: true })).toBe('installed');
  });
});
