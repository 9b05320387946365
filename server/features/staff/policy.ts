/** Back-office security constants (issue 21; Portaria SPA/MF 722 asks for MFA and session control). */

/** Wrong passwords or codes in a row before the account locks, and for how long. */
export const STAFF_LOCKOUT = { attempts: 5, minutes: 15 } as const;

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
