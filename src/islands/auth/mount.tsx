import { createRoot, type Root } from 'react-dom/client';
import { readAuthConfig } from '../../lib/auth/auth-config.ts';
import { installSessionEffects } from './session-effects.ts';
import type { AuthMode } from '../../lib/auth/modal-route.ts';
import { $authConfig, openLoginModal } from '../../stores/auth.ts';
import { loadPhoneCountry } from '../../stores/geo.ts';
import { loginForm } from '../../stores/login.ts';
import { recoveryRequestForm } from '../../stores/recovery.ts';
import { registerForm } from '../../stores/register.ts';
import { AuthRoot } from './AuthRoot.tsx';

/**
 * Entry of the auth island, loaded on demand (first click on "Entrar" /
 * "Cadastre-se", a modal route, the register prompt, an account page), so
 * pages that never need it ship no React.
 */
let root: Root | null = null;

/** Mounts the island into `#auth-root` once per page lifetime (the element survives navigations). */
export function ensureAuthRoot(): void {
  $authConfig.set(readAuthConfig());
  installSessionEffects();
  if (root) return;
  let host = document.getElementById('auth-root');
  if (!host) {
    host = document.createElement('div');
    host.id = 'auth-root';
    document.body.append(host);
  }
  root = createRoot(host);
  root.render(<AuthRoot />);
  void loadPhoneCountry().then(({ countryCode }) => {
    // The geoip country becomes the default of every phone field nobody has typed in yet.
    if (loginForm.$values.get().phone === '') loginForm.$values.setKey('country', countryCode);
    if (registerForm.$values.get().phone === '') registerForm.$values.setKey('country', countryCode);
    if (recoveryRequestForm.$values.get().phone === '') recoveryRequestForm.$values.setKey('country', countryCode);
  });
}

/** Opens the login modal in `mode` (refused when logged in or already open, see `openLoginModal`). */
export function openAuth(mode: AuthMode): boolean {
  ensureAuthRoot();
  return openLoginModal(mode);
}
