import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { loadExternalScript } from '../../lib/auth/external-script.ts';
import { submitGoogleLogin } from '../../stores/login.ts';

interface GoogleIdApi {
  initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

/**
 * "Sign in with Google" (tenant `casAllowGoogleAuth`): Google Identity
 * Services loaded from the configured URL; its ID token goes to `/auth/google`
 * (submitGoogleLogin), whose refusal the login form shows.
 */
export function GoogleButton({ t, locale, clientId, scriptUrl }: { t: TFunction; locale: Locale; clientId: string; scriptUrl: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadExternalScript(scriptUrl)
      .then(() => {
        const id = window.google?.accounts?.id;
        if (!alive || !box.current || !id) return;
        id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            // A refusal (closed account, unverified e-mail…) shows in the login form's message.
            if (credential) void submitGoogleLogin(credential);
          },
        });
        id.renderButton(box.current, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', locale: locale === 'pt' ? 'pt-BR' : 'en' });
      })
      .catch(() => setFailed(true));
    return () => {
      alive = false;
    };
  }, [clientId, scriptUrl, locale]);
  if (failed) return null;
  return <div ref={box} className="google-button" aria-label={t('auth.login.google')} role="group" />;
}
