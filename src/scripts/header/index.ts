import { initAccountMenu } from './account-menu.ts';
import { initHeaderAuth } from './auth.ts';
import { initHeaderChat } from './chat.ts';
import { initHeaderMissions } from './missions.ts';
import { initHeaderNotifications } from './notifications.ts';
import { initHeaderWallet } from './wallet.ts';

/**
 * Everything the header's controls do (login/register buttons, account menu,
 * balance and "Depositar", chat, notifications), wired at once. Loaded by
 * `on-demand.ts` on the visitor's first interaction, or at start for a
 * signed-in player, a modal route or the register prompt.
 */
export function initHeader(): void {
  initHeaderChat();
  initHeaderAuth();
  initAccountMenu();
  initHeaderWallet();
  initHeaderNotifications();
  initHeaderMissions();
}
