import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { getTranslator } from '../../lib/i18n-client.ts';
import type { Message } from '../../lib/auth/message.ts';

/** The page language's `t`, or null while the resources load (islands render nothing until then). */
export function useTranslator(locale: Locale): TFunction | null {
  const [state, setState] = useState<{ locale: Locale; t: TFunction } | null>(null);
  useEffect(() => {
    let alive = true;
    void getTranslator(locale).then((t) => {
      if (alive) setState({ locale, t });
    });
    return () => {
      alive = false;
    };
  }, [locale]);
  return state && state.locale === locale ? state.t : null;
}

/**
 * A store message in the page language: texts from the platform as they
 * are, keys translated; `validation.generic` gets the field's label.
 */
export function messageText(t: TFunction, message: Message): string {
  if ('text' in message) return message.text;
  const vars: Record<string, string | number> = { ...message.vars };
  if (message.field && vars.field === undefined) vars.field = t(`auth.fields.${message.field}`);
  return t(message.key, vars);
}
