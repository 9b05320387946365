import { createRoot, type Root } from 'react-dom/client';
import { $chatOpen, closeChat, openChat } from '../../stores/chat.ts';
import { ChatRoot } from './ChatRoot.tsx';

/**
 * Entry of the chat island, loaded on the first `[data-chat-open]` click, so
 * pages where nobody opens the chat never load it.
 */
let root: Root | null = null;
let host: HTMLElement | null = null;

function attachHost(): void {
  if (host && !host.isConnected) document.body.append(host);
}

/** Mounts the island once per page lifetime into a `#chat-root` carried across ClientRouter navigations. */
export function ensureChatRoot(): void {
  if (root) {
    attachHost();
    return;
  }
  document.addEventListener('astro:after-swap', attachHost);
  host = document.createElement('div');
  host.id = 'chat-root';
  document.body.append(host);
  root = createRoot(host);
  root.render(<ChatRoot />);
}

/** Opens the chat panel (guests read and see the login prompt). */
export function openChatPanel(): void {
  ensureChatRoot();
  openChat();
}

/** The header button: opens the panel, or closes it when open. */
export function toggleChatPanel(): void {
  if ($chatOpen.get()) closeChat();
  else openChatPanel();
}
