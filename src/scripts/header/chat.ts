import { $session, type Session } from '../../stores/session.ts';
import { startSupportWidget, stopSupportWidget } from '../../lib/chat/support-widget.ts';
import { loadIsland } from '../load-island.ts';

/**
 * The header's chat button (`[data-chat-open]`, anywhere on the page) and
 * the support-chat widget, without React: the chat island loads on the
 * first click; the widget follows the session (players only).
 */

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.closest('[data-chat-open]')) return;
  event.preventDefault();
  void loadIsland(() => import('../../islands/chat/mount.tsx')).then((m) => m.toggleChatPanel());
}

/** The signed-in token the widget last heard about ('' for none). */
let identified = '';

function followSession(session: Session): void {
  const token = session.status === 'user' ? session.token : '';
  // Profile and balance updates keep the same token: only a login or logout matters.
  if (token === identified) return;
  identified = token;
  if (session.status === 'user') void startSupportWidget({ token: session.token, user: session.user });
  else stopSupportWidget();
}

let started = false;

/** Wires the chat button and the support widget once per full page load. */
export function initHeaderChat(): void {
  if (started) return;
  started = true;
  document.addEventListener('click', onClick);
  followSession($session.get());
  $session.listen(followSession);
}
