import { $chatOpen, closeChat, openChat } from '../../stores/chat.ts';
import { pageIsland } from '../shared/page-island.tsx';
import { ChatRoot } from './ChatRoot.tsx';

/**
 * Entry of the chat island, loaded on the first `[data-chat-open]` click, so
 * pages where nobody opens the chat never load it; mounted once per page
 * lifetime into `#chat-root`.
 */
export const ensureChatRoot = pageIsland('chat-root', () => <ChatRoot />);

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
