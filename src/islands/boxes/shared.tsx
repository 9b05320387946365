import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

export function formatPoints(points: number, locale: Locale): string {
  return points.toLocaleString(DATE_TAGS[locale]);
}

/** True when the player asked for less motion: the box opens without its animation. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** "Sell for R$ X" → an inline confirmation (the text, Confirm, Cancel) with focus on Confirm; Esc or Cancel goes back. */
export function ConfirmSell({ t, label, question, busy, onConfirm, testid }: { t: TFunction; label: string; question: string; busy: boolean; onConfirm: () => void; testid: string }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button ref={opener} type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={() => setAsking(true)} data-testid={testid}>
        {label}
      </button>
    );
  }
  const back = () => {
    setAsking(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <div
      className="boxes-confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') back();
      }}
    >
      <p>{question}</p>
      <div className="boxes-actions">
        <button
          ref={confirm}
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
          data-testid={`${testid}-confirm`}
        >
          {t('boxes.items.confirm')}
        </button>
        <button type="button" className="button" onClick={back}>
          {t('boxes.items.cancel')}
        </button>
      </div>
    </div>
  );
}
