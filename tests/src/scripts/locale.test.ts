// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie, LOCALE_COOKIE, parseCookies, deleteCookie } from '../../../src/lib/cookies.ts';

function mount(locale: 'pt' | 'en', path: string): void {
  history.replaceState(null, '', path);
  document.documentElement.dataset.locale = locale;
  document.body.innerHTML = `
    <a data-locale-switch="pt" href="/terms">Português</a>
    <a data-locale-switch="en" href="/en/terms">English</a>`;
}

let replace: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  vi.resetModules();
  for (const name of parseCookies(document.cookie).keys()) deleteCookie(name);
  replace = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'replace').mockImplementation(replace);
});
afterEach(() => vi.restoreAllMocks());

const load = () => import('../../../src/scripts/locale.ts');

describe('language rules', () => {
  it('a first visit from an English browser goes to the English twin once, keeping query and hash', async () => {
    mount('pt', '/terms?ref=AMIGO#s2');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { initLocale, followBrowserLanguageOnce } = await load();
    expect(initLocale()).toBe(true);
    expect(replace).toHaveBeenCalledWith('/en/terms?ref=AMIGO#s2');
    expect(getCookie(LOCALE_COOKIE)).toBe('en');
    expect(followBrowserLanguageOnce()).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('a first visit to a 404 page from an English browser goes to the English 404 of the same path, not the home page', async () => {
    history.replaceState(null, '', '/jogo-que-nao-existe');
    document.documentElement.dataset.locale = 'pt';
    document.body.innerHTML = `
      <a data-locale-switch="en" href="/en">English</a>
      <section id="error-screen" data-code="404"></section>`;
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const { initLocale } = await load();
    expect(initLocale()).toBe(true);
    expect(replace).toHaveBeenCalledWith('/en/jogo-que-nao-existe');
  });

  it('a first visit from a Portuguese browser stays and remembers pt', async () => {
    mount('pt', '/terms');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    const { initLocale } = await load();
    expect(initLocale()).toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(getCookie(LOCALE_COOKIE)).toBe('pt');
  });

  it('clicking a language switch link records the choice', async () => {
    mount('en', '/en/terms');
    document.cookie = `${LOCALE_COOKIE}=en; Path=/`;
    const { initLocale } = await load();
    initLocale();
    document.querySelector<HTMLAnchorElement>('[data-locale-switch="pt"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(getCookie(LOCALE_COOKIE)).toBe('pt');
  });
});
