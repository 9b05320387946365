import { stripLocalePrefix } from '../locale.ts';

/** The three modes of the login modal (spec section 2). */
export type AuthMode = 'login' | 'register' | 'recovery';

const ROUTE_MODES: Record<string, AuthMode> = {
  '/login': 'login',
  '/register': 'register',
  '/recover-pass': 'recovery',
};

/**
 * The modal mode a path asks for: `/login`, `/register`, `/recover-pass` and
 * their `/en/…` twins (trailing slash tolerated); null for any other path.
 */
export function modeForPath(pathname: string): AuthMode | null {
  const path = stripLocalePrefix(pathname).replace(/(.)\/+$/, '$1');
  return ROUTE_MODES[path] ?? null;
}
