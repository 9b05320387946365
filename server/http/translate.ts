import { readFileSync } from 'node:fs';
import type { LocalizedText, MessageLocale } from './messages.ts';

/**
 * Translates the i18n KEYS the shared validation schemas and services use
 * (`validation.cpf`, `auth.loginFailed` …) with the site's own resources,
 * `src/i18n/pt-BR.json` and `en-US.json`, so the platform and the site say
 * the same words. Missing in the language → en-US (the specification's
 * fallback) → the key itself. `{{name}}` placeholders are filled from `vars`.
 */

type Resource = { [key: string]: string | Resource };

const FILES: Record<MessageLocale, string> = { pt: 'pt-BR.json', en: 'en-US.json' };
const resources = new Map<MessageLocale, Resource>();

function resource(locale: MessageLocale): Resource {
  let loaded = resources.get(locale);
  if (!loaded) {
    try {
      loaded = JSON.parse(readFileSync(new URL(`../../src/i18n/${FILES[locale]}`, import.meta.url), 'utf8')) as Resource;
    } catch {
      loaded = {};
    }
    resources.set(locale, loaded);
  }
  return loaded;
}

function lookup(locale: MessageLocale, key: string): string | undefined {
  let node: string | Resource | undefined = resource(locale);
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether `text` looks like an i18n key (dotted lower-camel words), not a sentence. */
export function isMessageKey(text: string): boolean {
  return /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/.test(text);
}

/** The text of `key` in `locale`, placeholders filled; unknown keys come back unchanged. */
export function translate(locale: MessageLocale, key: string, vars: Record<string, string | number> = {}): string {
  const template = lookup(locale, key) ?? lookup('en', key);
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Both languages of `key`, for errors whose language is chosen later by the error handler. */
export function localizedKey(key: string, vars: Record<string, string | number> = {}): LocalizedText {
  return { pt: translate('pt', key, vars), en: translate('en', key, vars) };
}
