import { atom } from 'nanostores';

/**
 * The welcome after sign-up (issue 15): "Bem-vindo(a), {name}! Faça seu
 * primeiro depósito por Pix." with a Deposit button. Raised once, by the
 * registration itself (an account is registered once), so a later login,
 * here or on another browser, never shows it. The push-permission modal
 * never shows while it is on screen (stores/push.ts).
 */
export type WelcomeState = { shown: false } | { shown: true; name: string };

export const $welcome = atom<WelcomeState>({ shown: false });

/** After `POST /auth/register` succeeded: greets the player by first name. */
export function welcomeNewPlayer(user: { name: string; first_name?: string }): void {
  const name = (user.first_name ?? '').trim() || user.name.trim().split(/\s+/)[0] || user.name;
  $welcome.set({ shown: true, name });
}

/** The close button, the Deposit button, or signing out. */
export function dismissWelcome(): void {
  if ($welcome.get().shown) $welcome.set({ shown: false });
}
