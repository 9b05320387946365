import { loadIsland } from './load-island.ts';

/**
 * `/messaging-2` (issue 20): opens the chat panel (src/islands/chat) as soon
 * as the page has loaded, on the empty layout, for the installed app to embed.
 * Closing the panel leaves "Abrir o chat" (`[data-messaging-open]`), which
 * opens it again.
 */
function open(): void {
  void loadIsland(() => import('../islands/chat/mount.tsx')).then((m) => m.openChatPanel());
}

document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-messaging-open]')) open();
});
if (document.readyState === 'complete') open();
else addEventListener('load', open, { once: true });
