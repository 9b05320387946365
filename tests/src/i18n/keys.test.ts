import { describe, expect, it } from 'vitest';
import ptBR from '../../../src/i18n/pt-BR.json';
import enUS from '../../../src/i18n/en-US.json';
import { t } from '../../../src/i18n/index.ts';

/** Flattens a nested resource into dotted key → value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const pt = flatten(ptBR);
const en = flatten(enUS);

/** Statuses of the specification's section 8 HTTP message list. */
const SECTION_8_STATUSES = [
  400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 422, 429, 500, 501, 502,
  503, 504, 505,
];

describe('i18n resources', () => {
  it('pt-BR and en-US define exactly the same keys', () => {
    expect([...en.keys()].sort()).toEqual([...pt.keys()].sort());
  });

  it('has no empty or non-string values', () => {
    for (const [file, map] of [['pt-BR', pt], ['en-US', en]] as const) {
      for (const [key, value] of map) {
        expect(typeof value, `${file} ${key}`).toBe('string');
        expect((value as string).trim().length, `${file} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of pt) expect(placeholders(en.get(key)), key).toEqual(placeholders(value));
  });

  it('defines the whole section-8 catalogue and the keys the API client maps to', () => {
    for (const status of SECTION_8_STATUSES) expect(pt.has(`error_messages.${status}`), String(status)).toBe(true);
    for (const key of ['generic', 'unexpected', 'copyFailed', 'phoneValidation', 'notFoundPage']) {
      expect(pt.has(`errors.${key}`), key).toBe(true);
    }
  });

  it('keeps the wording the specification fixes', () => {
    expect(t('pt', 'errors.generic')).toBe('Ops! Algo deu errado. Tente novamente.');
    expect(t('en', 'errors.unexpected')).toBe('An unexpected error occurred');
    expect(t('pt', 'errors.notFoundPage')).toBe('Página não encontrada');
    expect(t('pt', 'errors.phoneValidation')).toBe('Não foi possível validar o seu telefone');
    expect(t('pt', 'preloader.loading')).toBe('Carregando site...');
    expect(t('pt', 'preloader.notFoundTitle')).toBe('Plataforma não encontrada');
    expect(t('pt', 'preloader.notFoundLink')).toBe('Clique aqui para saber mais');
    expect(t('pt', 'preloader.maintenanceTitle')).toBe('Fazendo uma pausa para melhorar!');
    expect(t('pt', 'preloader.maintenanceText')).toBe('Para descobrir mais, entre em contato com um administrador!');
    expect(t('en', 'errorScreen.401.title')).toBe('Not authorized');
    expect(t('en', 'errorScreen.401.subtitle')).toBe('You are not authorized to access this page.');
    expect(t('en', 'errorScreen.404.title')).toBe('Page not found');
    expect(t('en', 'errorScreen.404.subtitle')).toBe(
      "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
    );
    expect(t('en', 'errorScreen.other.title')).toBe('Oops... Something went wrong');
    expect(t('en', 'errorScreen.other.subtitle')).toBe(
      'An error has occured. If the problem persists, please contact a system administrator or try again later.',
    );
    expect(t('en', 'errorScreen.home')).toBe('Back to home');
    expect(t('pt', 'errorScreen.home')).toBe('Voltar ao início');
  });

  it('interpolates variables without HTML-escaping them (Astro escapes on render)', () => {
    expect(t('pt', 'home.welcome', { siteTitle: 'Sorte & Cia' })).toBe('Bem-vindo ao Sorte & Cia');
    expect(t('en', 'home.welcome', { siteTitle: 'Sorte & Cia' })).toBe('Welcome to Sorte & Cia');
  });
});
