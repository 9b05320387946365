import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { loadExternalScript } from '../../lib/auth/external-script.ts';
import type { Message } from '../../lib/auth/message.ts';
import { messageText } from './use-translator.ts';

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * Cloudflare Turnstile, rendered explicitly from the script URL in the
 * tenant's configuration. Reports the token (or '' when it expires).
 */
export function Captcha({
  t,
  locale,
  siteKey,
  scriptUrl,
  onToken,
  error,
}: {
  t: TFunction;
  locale: Locale;
  siteKey: string;
  scriptUrl: string;
  onToken: (token: string) => void;
  error?: Message | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let widget: string | null = null;
    let alive = true;
    loadExternalScript(scriptUrl)
      .then(() => {
        if (!alive || !box.current || !window.turnstile) return;
        widget = window.turnstile.render(box.current, {
          sitekey: siteKey,
          language: locale === 'pt' ? 'pt-br' : 'en',
          callback: (token: string) => onToken(token),
          'expired-callback': () => onToken(''),
          'error-callback': () => onToken(''),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      alive = false;
      if (widget && window.turnstile) window.turnstile.remove(widget);
    };
  }, [scriptUrl, siteKey, locale, onToken]);
  return (
    <div className="field" role="group" aria-label={t('auth.fields.captcha')}>
      <div ref={box} />
      {failed && <p className="field__error">{t('auth.register.captchaUnavailable')}</p>}
      {error && <p className="field__error">{messageText(t, error)}</p>}
    </div>
  );
}
