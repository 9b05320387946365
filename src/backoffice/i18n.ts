import { createInstance } from 'i18next';
import { atom } from 'nanostores';
import enUS from './locales/en-US.json';
import ptBR from './locales/pt-BR.json';

export type BackofficeLocale = 'pt-BR' | 'en-US';
const STORAGE_KEY = 'bo_locale';

function initialLocale(): BackofficeLocale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (saved === 'pt-BR' || saved === 'en-US') return saved;
  const preferred = typeof navigator === 'undefined' ? 'pt-BR' : navigator.language;
  return preferred.toLowerCase().startsWith('en') ? 'en-US' : 'pt-BR';
}

/** The back office's language: the staff member's choice, else the browser's (Portuguese unless it prefers English). */
export const $locale = atom<BackofficeLocale>(initialLocale());

const i18n = createInstance();
void i18n.init({
  lng: $locale.get(),
  fallbackLng: 'en-US',
  resources: { 'pt-BR': { translation: ptBR }, 'en-US': { translation: enUS } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function setLocale(locale: BackofficeLocale): void {
  localStorage.setItem(STORAGE_KEY, locale);
  void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  $locale.set(locale);
}

/** The text of `key` in the current language (components re-render on `$locale`). */
export function t(key: string, vars: Record<string, string | number> = {}): string {
  return i18n.t(key, vars);
}

/** A text the platform keeps in both site languages, in the staff member's. */
export function localized(text: { pt: string; en: string }): string {
  return $locale.get() === 'en-US' ? text.en : text.pt;
}

const money = { 'pt-BR': new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }), 'en-US': new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BRL' }) };

/** Centavos as the staff member reads money: R$ 1.234,56 (or R$1,234.56 in English). */
export function formatMoney(centavos: number): string {
  return money[$locale.get()].format(centavos / 100);
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString($locale.get(), { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'medium' });
}

/** A São Paulo calendar day (`2026-12-07`) as the staff member writes dates. */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00-03:00`).toLocaleDateString($locale.get(), { timeZone: 'America/Sao_Paulo' });
}
