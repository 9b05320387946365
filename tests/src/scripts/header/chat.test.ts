// @vitest-environment happy-dom
import { beforeEach, expect, it, vi } from 'vitest';

/**
 * The header wiring: a `[data-chat-open]` click loads the chat island and
 * toggles it; the support widget follows logins and logouts, not every
 * session update.
 */

const spies = vi.hoisted(() => ({ toggle: vi.fn(), start: vi.fn(async () => undefined), stop: vi.fn() }));
vi.mock('../../../../src/islands/chat/mount.tsx', () => ({ toggleChatPanel: spies.toggle }));
vi.mock('../../../../src/lib/chat/support-widget.ts', () => ({ startSupportWidget: spies.start, stopSupportWidget: spies.stop }));

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  spies.toggle.mockClear();
  spies.start.mockClear();
  spies.stop.mockClear();
  document.body.innerHTML = '<button type="button" data-chat-open><svg><path></path></svg></button><button type="button" id="other">x</button>';
});

it('loads the chat island on a [data-chat-open] click, from the button or its icon', async () => {
  const { initHeaderChat } = await import('../../../../src/scripts/header/chat.ts');
  initHeaderChat();
  document.getElementById('other')!.click();
  document.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await vi.waitFor(() => expect(spies.toggle).toHaveBeenCalledOnce());
});

it('starts the support widget on login only once per token and stops it on logout', async () => {
  const session = await import('../../../../src/stores/session.ts');
  const { initHeaderChat } = await import('../../../../src/scripts/header/chat.ts');
  initHeaderChat();
  expect(spies.start).not.toHaveBeenCalled();
  const user = { id: 7, name: 'Maria Silva' };
  session.signIn('tok-1', user);
  session.updateSessionUser({ ...user, wallet: { balance: 100, balance_withdrawal: 0, deposit_count: 1 } });
  expect(spies.start).toHaveBeenCalledOnce();
  expect(spies.start).toHaveBeenCalledWith({ token: 'tok-1', user });
  session.signOut();
  expect(spies.stop).toHaveBeenCalledOnce();
});
