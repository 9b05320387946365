// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOutcome } from '../../../../src/lib/push/subscribe.ts';

/** The push island renders the store: the labelled modal in the page language, its two actions, and each outcome as a toast. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Ana Souza' }));
  document.body.innerHTML = '<div id="host"></div>';
  // happy-dom's dialog may lack showModal: give it the open attribute as browsers do.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

async function render(locale: 'pt' | 'en', outcome: SubscribeOutcome) {
  document.documentElement.dataset.locale = locale;
  const store = await import('../../../../src/stores/push.ts');
  const toasts = await import('../../../../src/stores/toasts.ts');
  const stored = new Map<string, string>();
  const subscribe = vi.fn(async () => outcome);
  store.configurePush({
    supported: () => true,
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v), removeItem: (k) => void stored.delete(k) },
    subscribe,
  });
  const { PushRoot } = await import('../../../../src/islands/push/PushRoot.tsx');
  const root = createRoot(document.getElementById('host')!);
  await act(async () => root.render(<PushRoot />));
  await act(async () => store.$pushModal.set({ open: true, busy: false }));
  await settle();
  return { store, toasts, stored, subscribe };
}

const modal = () => document.querySelector<HTMLDialogElement>('[data-testid="push-modal"]');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name);

describe('push modal island', () => {
  it('shows the modal in Portuguese; "Agora não" closes it for 24 h', async () => {
    const { store, stored, subscribe } = await render('pt', { status: 'subscribed', message: { key: 'push.subscribed' } });
    const dialog = modal()!;
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Ative as notificações');
    await act(async () => button('Agora não')!.click());
    await settle();
    expect(modal()).toBeNull();
    expect(stored.has(store.PUSH_STORAGE_KEYS.closedAt)).toBe(true);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('"Ativar notificações" subscribes, closes and toasts the success message', async () => {
    const { toasts, subscribe } = await render('pt', { status: 'subscribed', message: { key: 'push.subscribed' } });
    await act(async () => button('Ativar notificações')!.click());
    await settle();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(modal()).toBeNull();
    expect(toasts.$toasts.get().map((t) => [t.tone, t.text])).toEqual([['success', 'Notificações push inscritas com sucesso!']]);
  });

  it('a failed subscription still closes the modal and toasts its error in English', async () => {
    const { toasts } = await render('en', { status: 'failed', message: { key: 'push.subscribeFailed' } });
    expect(button('Close')).toBeTruthy();
    await act(async () => button('Turn on notifications')!.click());
    await settle();
    expect(modal()).toBeNull();
    expect(toasts.$toasts.get().map((t) => [t.tone, t.text])).toEqual([['error', 'Error subscribing to push notifications.']]);
  });
});
