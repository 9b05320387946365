import { localePath } from '../../i18n/locales.ts';
import { currentLocale } from '../../lib/locale.ts';
import { readRuntimeConfig } from '../../lib/runtime-config.ts';
import { readStored } from '../../lib/storage.ts';
import { $session } from '../../stores/session.ts';
import type { AuthMode } from '../../lib/auth/modal-route.ts';
import { modeForPath } from '../../lib/auth/modal-route.ts';
import { loadIsland } from '../load-island.ts';

/**
 * The header's login/register buttons and account menu, without React: this
 * tiny module (loaded by every page with the header) shows the right
 * controls for the session and loads the auth island only when needed — a
 * click, a modal route (`/login`, `/register`, `/recover-pass`), the
 * register prompt, or a stored token to check with `auth/me`.
 */

/** Spec section 9: the register modal opens 2 s after load for an age-verified visitor. */
export const REGISTER_PROMPT_DELAY_MS = 2000;

function openAuth(mode: AuthMode): void {
  void loadIsland(() => import('../../islands/auth/mount.tsx')).then((m) => m.openAuth(mode));
}

function showSession(): void {
  const session = $session.get();
  const root = document.documentElement;
  root.dataset.session = session.status;
  const name = session.status === 'user' ? session.user.name : '';
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth-name]')) element.textContent = name;
}

function inMaintenance(): boolean {
  if (document.getElementById('preloader')?.dataset.state === 'maintenance') return true;
  try {
    return readRuntimeConfig().status !== 'active';
  } catch {
    return true;
  }
}

function openForRoute(): void {
  const mode = modeForPath(location.pathname);
  if (mode && $session.get().status === 'guest' && !inMaintenance()) openAuth(mode);
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const opener = target?.closest<HTMLElement>('[data-auth-open]');
  if (opener) {
    event.preventDefault();
    openAuth((opener.dataset.authOpen as AuthMode | undefined) ?? 'login');
    return;
  }
  if (target?.closest('[data-auth-logout]')) {
    event.preventDefault();
    document.getElementById('account-menu')?.hidePopover?.();
    const home = localePath(currentLocale(), '/');
    void Promise.all([import('../../stores/auth.ts'), import('../../lib/auth/navigate.ts')]).then(([auth, nav]) =>
      auth.logout(() => nav.navigateTo(home)),
    );
  }
}

let started = false;

/** Wires the header once per full page load; ClientRouter swaps are followed with `astro:after-swap`. */
export function initHeaderAuth(): void {
  if (started) return;
  started = true;
  showSession();
  $session.listen(showSession);
  document.addEventListener('click', onClick);
  document.addEventListener('astro:after-swap', () => {
    showSession();
    openForRoute();
  });
  openForRoute();
  if (readStored('auth')) {
    void Promise.all([import('../../stores/auth.ts'), import('../../islands/auth/session-effects.ts')]).then(([auth, effects]) => {
      effects.installSessionEffects();
      // A revoked token makes this visitor a guest again: a modal route then opens its modal.
      return auth.restoreSession().then(openForRoute);
    });
  }
  if (readStored('ageVerified') === true) {
    setTimeout(() => {
      if ($session.get().status === 'guest' && !inMaintenance()) openAuth('register');
    }, REGISTER_PROMPT_DELAY_MS);
  }
}
