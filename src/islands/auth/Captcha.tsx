import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { loadExternalScript } from '../../lib/auth/external-script.ts';
import type { Message } from '../../lib/auth/message.ts';
import { messageText } from './use-translator.ts';

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * Cloudflare Turnstile, rendered explicitly from the script URL in the
 * tenant's configuration. Reports the token (or '' when it expires). A
 * token is good for one verification: when the form clears it after a
 * refused attempt, the widget is reset so the player can solve it again.
 */
export function Captcha({
  t,
  locale,
  siteKey,
  scriptUrl,
  token,
  onToken,
  error,
}: {
  t: TFunction;
  locale: Locale;
  siteKey: string;
  scriptUrl: string;
  /** The token the form holds now ('' when none). */
  token: string;
  onToken: (token: string) => void;
  error?: Message | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const widget = useRef<string | null>(null);
  const issued = useRef(false);
  useEffect(() => {
    let alive = true;
    loadExternalScript(scriptUrl)
      .then(() => {
        if (!alive || !box.current || !window.turnstile) return;
        widget.current = window.turnstile.render(box.current, {
          sitekey: siteKey,
          language: locale === 'pt' ? 'pt-br' : 'en',
          callback: (issuedToken: string) => {
            issued.current = true;
            onToken(issuedToken);
          },
          'expired-callback': () => onToken(''),
          'error-callback': () => onToken(''),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      alive = false;
      if (widget.current && window.turnstile) window.turnstile.remove(widget.current);
      widget.current = null;
    };
  }, [scriptUrl, siteKey, locale, onToken]);
  useEffect(() => {
    if (token || !issued.current || !widget.current || !window.turnstile) return;
    issued.current = false;
    window.turnstile.reset(widget.current);
  }, [token]);
  return (
    <div className="field" role="group" aria-label={t('auth.fields.captcha')}>
      <div ref={box} />
      {failed && <p className="field__error">{t('auth.register.captchaUnavailable')}</p>}
      {error && <p className="field__error">{messageText(t, error)}</p>}
    </div>
  );
}
