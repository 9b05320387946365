/**
 * Opens the login modal on the play page. The page has no header (it is
 * embedded in the game page's iframe), so nothing else listens for
 * `[data-auth-open]`: this loads the auth island the way the header does.
 */
export function openLogin(): void {
  void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
}
