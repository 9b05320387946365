/**
 * Cookie access restricted to the characters RFC 6265 permits (spec section 5:
 * "Cookie names and values must contain only permitted characters"). Invalid
 * input throws instead of being silently encoded, so a caller never writes a
 * cookie that a server would read back differently.
 */

/** RFC 6265 cookie-name = token (RFC 2616): visible ASCII minus separators. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 6265 cookie-octet: %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E (no space, `"`, `,`, `;`, `\`). */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
/** RFC 6265 av-octet for path/domain attribute values: any CHAR except CTLs and `;`. */
const ATTRIBUTE_VALUE = /^[\x20-\x3A\x3C-\x7E]*$/;

export type CookieErrorReason = 'name' | 'value' | 'attribute';

/** Thrown for a cookie name, value or attribute holding a forbidden character. */
export class CookieError extends Error {
  readonly reason: CookieErrorReason;
  constructor(reason: CookieErrorReason, detail: string) {
    super(`Invalid cookie ${reason}: ${detail}`);
    this.name = 'CookieError';
    this.reason = reason;
  }
}

export interface CookieOptions {
  /** Lifetime in seconds; omit for a session cookie, 0 or less deletes. */
  maxAge?: number;
  path?: string;
  domain?: string;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
}

export function isValidCookieName(name: string): boolean {
  return TOKEN.test(name);
}

export function isValidCookieValue(value: string): boolean {
  return COOKIE_OCTETS.test(value);
}

/**
 * Builds the `document.cookie` assignment string.
 * @throws CookieError when the name, value, path or domain has a forbidden character.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!isValidCookieName(name)) throw new CookieError('name', JSON.stringify(name));
  if (!isValidCookieValue(value)) throw new CookieError('value', `${name}=${JSON.stringify(value)}`);
  let out = `${name}=${value}`;
  if (options.maxAge !== undefined) out += `; Max-Age=${Math.floor(options.maxAge)}`;
  for (const key of ['path', 'domain'] as const) {
    const attr = options[key];
    if (attr === undefined) continue;
    if (!ATTRIBUTE_VALUE.test(attr)) throw new CookieError('attribute', `${key}=${JSON.stringify(attr)}`);
    out += `; ${key === 'path' ? 'Path' : 'Domain'}=${attr}`;
  }
  if (options.sameSite) out += `; SameSite=${options.sameSite}`;
  if (options.secure || options.sameSite === 'None') out += '; Secure';
  return out;
}

/** Parses a `Cookie` header / `document.cookie` string; the first occurrence of a name wins. */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** Reads a cookie; undefined when absent. @throws CookieError for an invalid name. */
export function getCookie(name: string, doc: Document = document): string | undefined {
  if (!isValidCookieName(name)) throw new CookieError('name', JSON.stringify(name));
  return parseCookies(doc.cookie).get(name);
}

/**
 * Writes a cookie. Adds `Secure` automatically on https pages.
 * @throws CookieError when the name, value or an attribute is not permitted.
 */
export function setCookie(name: string, value: string, options: CookieOptions = {}, doc: Document = document): void {
  const secure = options.secure ?? doc.location?.protocol === 'https:';
  doc.cookie = serializeCookie(name, value, { path: '/', ...options, secure });
}

/** Deletes a cookie (same path/domain it was written with); `Expires` in the past covers agents ignoring `Max-Age`. */
export function deleteCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}, doc: Document = document): void {
  doc.cookie = serializeCookie(name, '', { path: '/', ...options, maxAge: 0 }) + '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

/** Name of the cookie recording the visitor's language choice (spec section 3). */
export const LOCALE_COOKIE = 'i18n_redirected';
/** 365 days, spec section 9. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Records the chosen language: `i18n_redirected`, 365 days, path `/`, SameSite=Lax. */
export function setLocaleCookie(locale: string, doc: Document = document): void {
  setCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'Lax' }, doc);
}
