import { $session } from './session.ts';

/**
 * Runs `reset` whenever the logged-in player changes (sign-out, or a sign-in
 * with another token), so one player's data never shows to the next.
 */
export function onPlayerChange(reset: () => void): void {
  let token = sessionToken();
  $session.listen(() => {
    const next = sessionToken();
    if (next === token) return;
    token = next;
    reset();
  });
}

function sessionToken(): string | null {
  const session = $session.get();
  return session.status === 'user' ? session.token : null;
}
