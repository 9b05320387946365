import { describe, expect, it } from 'vitest';
import { authConfigFromSiteConfig, parseAuthConfig } from '../../../../src/lib/auth/auth-config.ts';
import { formatDay } from '../../../../src/lib/auth/dates.ts';
import { modeForPath } from '../../../../src/lib/auth/modal-route.ts';
import { phoneFieldError, phoneForRequest } from '../../../../src/lib/auth/phone.ts';
import type { SiteConfig } from '../../../../src/contract/site-config.ts';

describe('modal routes', () => {
  it('maps /login, /register, /recover-pass and their /en twins to modes', () => {
    expect(modeForPath('/login')).toBe('login');
    expect(modeForPath('/en/register/')).toBe('register');
    expect(modeForPath('/recover-pass')).toBe('recovery');
    expect(modeForPath('/')).toBeNull();
    expect(modeForPath('/user')).toBeNull();
  });
});

describe('dates', () => {
  it('formats DD/MM/YYYY in Portuguese, in Brazil time', () => {
    expect(formatDay('2026-07-10T02:00:00Z', 'pt', 'America/Sao_Paulo')).toBe('09/07/2026');
    expect(formatDay('2026-07-10T12:00:00Z', 'en')).toBe('07/10/2026');
    expect(formatDay('not a date', 'pt')).toBe('');
  });
});

describe('phone', () => {
  it('sends E.164 for a valid national number of the chosen country, the text otherwise', () => {
    expect(phoneForRequest('(11) 98765-4321', 'BR')).toBe('+5511987654321');
    expect(phoneForRequest('201-555-0123', 'US')).toBe('+12015550123');
    expect(phoneForRequest('123', 'BR')).toBe('123');
    expect(phoneFieldError('', 'BR')).toBe('validation.required');
    expect(phoneFieldError('11', 'BR')).toBe('validation.phone.tooShort');
    expect(phoneFieldError('11987654321', 'BR')).toBeNull();
  });
});

describe('auth config', () => {
  const base = { registerCPF: true, login_requires_cpf: false, login_requires_email: true, casAllowGoogleAuth: true } as SiteConfig;
  it('offers Google and the captcha only when their ids and script URLs are configured', () => {
    expect(authConfigFromSiteConfig(base)).toMatchObject({ registerCPF: true, loginRequiresEmail: true, google: null, turnstile: null });
    const full = authConfigFromSiteConfig({
      ...base,
      googleClientId: 'cid',
      googleScriptUrl: 'https://accounts.test/gsi/client',
      turnstileSiteKey: 'sk',
      turnstileScriptUrl: 'https://captcha.test/api.js',
    });
    expect(full.google).toEqual({ clientId: 'cid', scriptUrl: 'https://accounts.test/gsi/client' });
    expect(full.turnstile).toEqual({ siteKey: 'sk', scriptUrl: 'https://captcha.test/api.js' });
    expect(parseAuthConfig(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(parseAuthConfig('nonsense')).toMatchObject({ google: null, turnstile: null, registerCPF: false });
  });
});
