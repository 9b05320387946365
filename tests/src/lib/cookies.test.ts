// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CookieError,
  deleteCookie,
  getCookie,
  LOCALE_COOKIE,
  parseCookies,
  serializeCookie,
  setCookie,
  setLocaleCookie,
} from '../../../src/lib/cookies.ts';

afterEach(() => {
  for (const name of parseCookies(document.cookie).keys()) deleteCookie(name);
});

describe('cookie validation', () => {
  it('rejects a value containing ";" with a CookieError naming the value', () => {
    expect(() => serializeCookie('session', 'a;b')).toThrow(CookieError);
    try {
      setCookie('session', 'evil; Domain=attacker.example');
    } catch (error) {
      expect(error).toBeInstanceOf(CookieError);
      expect((error as CookieError).reason).toBe('value');
    }
    expect(getCookie('session')).toBeUndefined();
  });

  it.each([' ', '"', ',', '\\', '\n', 'é'])('rejects the value character %j', (char) => {
    expect(() => serializeCookie('name', `x${char}y`)).toThrow(CookieError);
  });

  it.each(['', 'a b', 'a=b', 'a;b', 'a(b', 'nome@x', 'ção'])('rejects the name %j', (name) => {
    expect(() => serializeCookie(name, 'v')).toThrow(expect.objectContaining({ reason: 'name' }));
  });

  it('rejects an attribute that would inject another attribute', () => {
    expect(() => serializeCookie('a', 'b', { path: '/; Domain=evil' })).toThrow(expect.objectContaining({ reason: 'attribute' }));
  });

  it('accepts RFC 6265 tokens and cookie-octets, including an empty value', () => {
    expect(serializeCookie("a!#$%&'*+-.^_`|~9", 'x/y:z=1[]{}')).toBe("a!#$%&'*+-.^_`|~9=x/y:z=1[]{}");
    expect(serializeCookie('empty', '')).toBe('empty=');
  });

  it('serialises attributes; SameSite=None always adds Secure', () => {
    expect(serializeCookie('a', 'b', { maxAge: 60, path: '/', sameSite: 'Lax' })).toBe('a=b; Max-Age=60; Path=/; SameSite=Lax');
    expect(serializeCookie('a', 'b', { sameSite: 'None' })).toBe('a=b; SameSite=None; Secure');
  });
});

describe('cookie access', () => {
  it('parses a cookie header, unquoting values and keeping the first occurrence', () => {
    const cookies = parseCookies('a=1; b="two"; a=3; junk; c=');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'two'],
      ['c', ''],
    ]);
  });

  it('sets, reads and deletes a cookie in the document', () => {
    setCookie('guest', 'abc123');
    expect(getCookie('guest')).toBe('abc123');
    deleteCookie('guest');
    expect(getCookie('guest')).toBeUndefined();
  });

  it('writes the locale cookie i18n_redirected for 365 days, path /, SameSite=Lax', () => {
    const writes: string[] = [];
    const fake = { cookie: '', location: { protocol: 'http:' } } as unknown as Document;
    Object.defineProperty(fake, 'cookie', { set: (value: string) => writes.push(value), get: () => '' });
    setLocaleCookie('en', fake);
    expect(writes).toEqual([`${LOCALE_COOKIE}=en; Max-Age=31536000; Path=/; SameSite=Lax`]);
  });

  it('marks cookies Secure on https pages', () => {
    const writes: string[] = [];
    const fake = { location: { protocol: 'https:' } } as unknown as Document;
    Object.defineProperty(fake, 'cookie', { set: (value: string) => writes.push(value), get: () => '' });
    setLocaleCookie('pt', fake);
    expect(writes[0]).toMatch(/; Secure$/);
  });
});
