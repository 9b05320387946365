import { getCookie, LOCALE_COOKIE, setLocaleCookie } from '../lib/cookies.ts';
import { currentLocale, isLocale, localizedPath, planFirstVisit } from '../lib/locale.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Site DOM contract item 6: a click on a `data-locale-switch` link records the
 * choice in `i18n_redirected`; the first visit without that cookie follows
 * the browser language once.
 */
function remember(locale: string): void {
  try {
    setLocaleCookie(locale);
  } catch {
    // Unreachable for 'pt' | 'en'; a malformed attribute value must not break navigation.
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-locale-switch], [data-locale-menu-switch]') : null;
  const locale = target?.dataset.localeSwitch ?? target?.dataset.localeMenuSwitch;
  if (isLocale(locale)) remember(locale);
}

/** Runs the first-visit rule; returns true when it redirected. */
export function followBrowserLanguageOnce(): boolean {
  // A 404 page's language link goes to the English home; the first visit keeps the missing path instead,
  // so the visitor sees the English 404 for what they asked rather than being moved to the home page.
  const notFound = document.getElementById('error-screen')?.dataset.code === '404';
  const englishLink = notFound ? null : document.querySelector<HTMLAnchorElement>('a[data-locale-switch="en"]');
  const plan = planFirstVisit({
    cookie: getCookie(LOCALE_COOKIE),
    pageLocale: currentLocale(),
    browserLanguage: navigator.language,
    // Keep the query (ref, lmcp) and hash of the visited URL on the English twin.
    englishHref: (englishLink ? new URL(englishLink.href).pathname : localizedPath(location.pathname, 'en')) + location.search + location.hash,
  });
  if (plan.action === 'none') return false;
  remember(plan.locale);
  if (plan.action === 'redirect') {
    location.replace(plan.href);
    return true;
  }
  return false;
}

export function initLocale(): boolean {
  if (!firstTime('locale')) return false;
  document.addEventListener('click', onClick);
  return followBrowserLanguageOnce();
}
