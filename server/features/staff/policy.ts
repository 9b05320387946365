import type { RateRule } from '../rate-limit/limiter.ts';

/** Back-office security constants (issue 21; Portaria SPA/MF 722 asks for MFA and session control). */

/** Wrong passwords or codes in a row before the account locks, and for how long. */
export const STAFF_LOCKOUT = { attempts: 5, minutes: 15 } as const;

/**
 * Sign-in attempts (password and code steps together) from one IP, across
 * every account and every tenant: the lockout above is per account, so
 * without this one address could try a password on many accounts (or many
 * sites). The limit is scaled by IP_RATE_LIMIT_SCALE like the players'.
 * 20 in 15 minutes is ten complete sign-ins.
 */
export const STAFF_SIGN_IN_PER_IP = { limit: 20, windowSeconds: 15 * 60 } as const satisfies RateRule;

/** The rate_limits key of STAFF_SIGN_IN_PER_IP. */
export const staffSignInIpKey = (ip: string): string => `backoffice-login-ip:${ip}`;

/** A session ends this long after login, or after this long without a call, whichever comes first. */
export const STAFF_SESSION = { absoluteHours: 12, idleMinutes: 30 } as const;

/** Minutes between a correct password and the TOTP code it waits for. */
export const STAFF_CHALLENGE_MINUTES = 5;

/** Staff passwords are longer than players': a staff account moves other people's money. */
export const STAFF_PASSWORD_MIN = 12;

/** The cookie holding the staff session token (HttpOnly, SameSite=Strict, path /api). */
export const STAFF_COOKIE = 'bo_session';

/**
 * Every call made with the staff cookie must carry this header. A cross-site
 * form cannot set it, so SameSite is not the only defence against CSRF.
 */
export const STAFF_CSRF_HEADER = 'x-backoffice';
